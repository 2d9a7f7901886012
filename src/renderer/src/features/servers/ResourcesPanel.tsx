import { useState } from 'react';
import { ListCacheLine } from './ListCacheFacts';
import type { ResourceTemplateView, ResourceView } from '../../../../shared/contract';
import { LoadError, Loading } from '../../components/QueryState';
import { ResourceContents } from '../../components/ResourceContents';
import { formatBytes } from '../../lib/format';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { PromptsPanel } from './PromptsPanel';
import { LazyTemplateForm } from './LazyTemplateForm';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * A connected server's resources and prompts, browsed by the operator: nothing read or fetched here reaches the
 * model. Each list is paged as the server pages it (a page per query, "More" asks for the next).
 */
export function ResourcesPromptsPanel({ server }: { server: string }) {
  const { t } = useTranslation('servers');
  const features = useRpcQuery('resources.features', { server });
  if (features.isPending) return <Loading>{t('resourcesPanel.askingWhatOffers', { server })}</Loading>;
  if (features.isError)
    return (
      <LoadError
        what={t('resourcesPanel.whatTheServerOffers')}
        error={features.error}
        onRetry={() => void features.refetch()}
      />
    );
  const { resources, prompts, subscribe, completions } = features.data;
  return (
    <section
      className="resources-prompts"
      aria-label={t('resourcesPanel.resourcesAndPromptsOf', { server })}
      data-testid="resources-prompts"
    >
      <p className="muted small">{t('resourcesPanel.forYouToRead')}</p>
      {resources ? (
        <ResourcesSection server={server} canSubscribe={subscribe} completions={completions} />
      ) : (
        <p className="muted small">{t('resourcesPanel.offersNoResources', { server })}</p>
      )}
      {prompts ? (
        <PromptsPanel server={server} completions={completions} />
      ) : (
        <p className="muted small">{t('resourcesPanel.offersNoPrompts', { server })}</p>
      )}
    </section>
  );
}

function ResourcesSection({
  server,
  canSubscribe,
  completions,
}: {
  server: string;
  canSubscribe: boolean;
  completions: boolean;
}) {
  const { t } = useTranslation('servers');
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [reading, setReading] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedRead, setTypedRead] = useState<string | null>(null);
  return (
    <section aria-label={t('resourcesPanel.resources')}>
      <h3>{t('resourcesPanel.resources')}</h3>
      <ol className="resource-list" data-testid="resource-list">
        {pages.map((cursor, at) => (
          <ResourcePage
            key={cursor ?? ''}
            server={server}
            cursor={cursor}
            last={at === pages.length - 1}
            canSubscribe={canSubscribe}
            reading={reading}
            onRead={setReading}
            onMore={(next) => setPages([...pages, next])}
          />
        ))}
      </ol>
      <TemplatesList server={server} completions={completions} onEditByHand={setTyped} />
      <form
        className="actions resource-uri-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) setTypedRead(typed.trim());
        }}
      >
        <label className="small">
          {t('resourcesPanel.readAUri')}{' '}
          <input value={typed} onChange={(e) => setTyped(e.target.value)} size={48} spellCheck={false} />
        </label>
        <button type="submit" className="btn btn-small" disabled={!typed.trim()}>
          {t('resourcesPanel.read')}
        </button>
      </form>
      {typedRead && <ResourceContents server={server} uri={typedRead} />}
    </section>
  );
}

interface PageProps {
  server: string;
  cursor: string | undefined;
  last: boolean;
  canSubscribe: boolean;
  reading: string | null;
  onRead: (uri: string | null) => void;
  onMore: (cursor: string) => void;
}

function ResourcePage({ server, cursor, last, canSubscribe, reading, onRead, onMore }: PageProps) {
  const { t } = useTranslation('servers');
  const page = useRpcQuery('resources.list', { server, cursor });
  if (page.isPending)
    return (
      <li>
        <Loading>{t('resourcesPanel.listingResources')}</Loading>
      </li>
    );
  if (page.isError)
    return (
      <li>
        <LoadError what={t('resourcesPanel.theResources')} error={page.error} onRetry={() => void page.refetch()} />
      </li>
    );
  const { resources, nextCursor, subscriptions } = page.data;
  return (
    <>
      {cursor === undefined && page.data.cache && (
        <li>
          <ListCacheLine cache={page.data.cache} />
        </li>
      )}
      {resources.length === 0 && cursor === undefined && (
        <li className="muted small">{t('resourcesPanel.noResourcesListed')}</li>
      )}
      {resources.map((resource) => (
        <ResourceRow
          key={resource.uri}
          server={server}
          resource={resource}
          open={reading === resource.uri}
          subscribed={subscriptions.includes(resource.uri)}
          canSubscribe={canSubscribe}
          onRead={onRead}
        />
      ))}
      {last && nextCursor && (
        <li>
          <button type="button" className="btn btn-small" onClick={() => onMore(nextCursor)}>
            {t('resourcesPanel.moreResources')}
          </button>
        </li>
      )}
    </>
  );
}

function ResourceRow({
  server,
  resource,
  open,
  subscribed,
  canSubscribe,
  onRead,
}: {
  server: string;
  resource: ResourceView;
  open: boolean;
  subscribed: boolean;
  canSubscribe: boolean;
  onRead: (uri: string | null) => void;
}) {
  const { t } = useTranslation('servers');
  // The answer is the subscriptions now: every held page of the list is refreshed to show them.
  const subscribe = useRpcMutation(subscribed ? 'resources.unsubscribe' : 'resources.subscribe', ['resources.list']);
  return (
    <li className="resource-row" data-testid="resource-row" data-uri={resource.uri}>
      <span>
        <strong>{resource.title ?? resource.name}</strong> <code className="small">{resource.uri}</code>
        {resource.mimeType && <span className="muted small"> {resource.mimeType}</span>}
        {resource.size !== undefined && <span className="muted small"> · {formatBytes(resource.size)}</span>}
      </span>
      {resource.description && <span className="muted small">{resource.description}</span>}
      <span className="actions">
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={open}
          onClick={() => onRead(open ? null : resource.uri)}
        >
          {open ? t('resourcesPanel.hide') : t('resourcesPanel.read')}
        </button>
        {canSubscribe && (
          <button
            type="button"
            className="btn btn-small"
            disabled={subscribe.isPending}
            aria-pressed={subscribed}
            onClick={() => subscribe.mutate({ server, uri: resource.uri })}
          >
            {subscribed ? t('resourcesPanel.unsubscribe') : t('resourcesPanel.subscribe')}
          </button>
        )}
        {subscribed && <span className="muted small">{t('resourcesPanel.subscribedAChangeIs')}</span>}
      </span>
      <ActionFailure action={subscribe} inline />
      {open && <ResourceContents server={server} uri={resource.uri} />}
    </li>
  );
}

/** resources/templates/list (first page and more): "Fill in" opens a form for the chosen template's variables. */
function TemplatesList({
  server,
  completions,
  onEditByHand,
}: {
  server: string;
  completions: boolean;
  onEditByHand: (uriTemplate: string) => void;
}) {
  const { t } = useTranslation('servers');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<ResourceTemplateView | null>(null);
  const page = useRpcQuery('resources.templates', { server, cursor });
  if (page.isPending) return <Loading>{t('resourcesPanel.listingResourceTemplates')}</Loading>;
  if (page.isError)
    return (
      <LoadError
        what={t('resourcesPanel.theResourceTemplates')}
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  if (page.data.templates.length === 0 && cursor === undefined) return null;
  return (
    <details className="resource-templates">
      <summary className="small">
        {t('resourcesPanel.resourceTemplates', {
          count: page.data.templates.length,
          more: page.data.nextCursor ? '+' : '',
        })}
      </summary>
      <ul>
        {page.data.templates.map((template) => {
          const open = chosen?.uriTemplate === template.uriTemplate;
          return (
            <li key={template.uriTemplate} data-testid="resource-template" data-uri-template={template.uriTemplate}>
              <strong>{template.title ?? template.name}</strong> <code className="small">{template.uriTemplate}</code>
              {template.description && <span className="muted small"> {template.description}</span>}{' '}
              <button
                type="button"
                className="btn btn-small"
                aria-expanded={open}
                onClick={() => setChosen(open ? null : template)}
              >
                {open ? t('resourcesPanel.close') : t('resourcesPanel.fillIn')}
              </button>
              {open && (
                <LazyTemplateForm
                  key={template.uriTemplate}
                  server={server}
                  template={template}
                  completions={completions}
                  onEditByHand={onEditByHand}
                />
              )}
            </li>
          );
        })}
      </ul>
      {page.data.nextCursor && (
        <button type="button" className="btn btn-small" onClick={() => setCursor(page.data.nextCursor ?? undefined)}>
          {t('resourcesPanel.nextTemplates')}
        </button>
      )}
    </details>
  );
}
