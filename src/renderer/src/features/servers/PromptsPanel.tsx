import { useState } from 'react';
import { SubmitWhenFilled } from './SubmitWhenFilled';
import { ListCacheLine } from './ListCacheFacts';
import type { PromptView } from '../../../../shared/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { LoadError, Loading } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { ArgumentField } from './ArgumentField';
import { useTranslation } from 'react-i18next';

/** prompts/list (paged) and, for the chosen prompt, an argument form whose Get shows the messages it produces. */
export function PromptsPanel({ server, completions }: { server: string; completions: boolean }) {
  const { t } = useTranslation('servers');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<PromptView | null>(null);
  const page = useRpcQuery('prompts.list', { server, cursor });
  return (
    <section aria-label={t('promptsPanel.prompts')}>
      <h3>{t('promptsPanel.prompts')}</h3>
      {page.isPending ? (
        <Loading>{t('promptsPanel.listingPrompts')}</Loading>
      ) : page.isError ? (
        <LoadError what={t('promptsPanel.thePrompts')} error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <>
          {cursor === undefined && <ListCacheLine cache={page.data.cache} />}
          {page.data.prompts.length === 0 && <p className="muted small">{t('promptsPanel.noPromptsListed')}</p>}
          <ul className="prompt-list" data-testid="prompt-list">
            {page.data.prompts.map((prompt) => (
              <li key={prompt.name} data-testid="prompt-row" data-prompt={prompt.name}>
                <button
                  type="button"
                  className="link"
                  aria-pressed={chosen?.name === prompt.name}
                  onClick={() => setChosen(chosen?.name === prompt.name ? null : prompt)}
                >
                  {prompt.title ?? prompt.name}
                </button>
                {prompt.title && <code className="muted small"> {prompt.name}</code>}
                {prompt.description && <span className="muted small"> {prompt.description}</span>}
                {prompt.arguments.length > 0 && (
                  <span className="muted small"> · {prompt.arguments.map((a) => a.name).join(', ')}</span>
                )}
              </li>
            ))}
          </ul>
          {page.data.nextCursor && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setCursor(page.data.nextCursor ?? undefined)}
            >
              {t('promptsPanel.nextPrompts')}
            </button>
          )}
        </>
      )}
      {chosen && <PromptForm key={chosen.name} server={server} prompt={chosen} completions={completions} />}
    </section>
  );
}

function PromptForm({ server, prompt, completions }: { server: string; prompt: PromptView; completions: boolean }) {
  const { t } = useTranslation('servers');
  const [values, setValues] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState<Record<string, string> | null>(null);
  const missing = prompt.arguments.filter((a) => a.required && !values[a.name]?.trim()).map((a) => a.name);
  return (
    <form
      className="prompt-form"
      aria-label={t('promptsPanel.argumentsOf', { name: prompt.name })}
      data-testid="prompt-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing.length === 0) setAsked(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
      }}
    >
      {prompt.arguments.length === 0 && <p className="muted small">{t('promptsPanel.thisPromptTakesNo')}</p>}
      {prompt.arguments.map((argument) => (
        <ArgumentField
          key={argument.name}
          server={server}
          reference={{ type: 'prompt', name: prompt.name }}
          name={argument.name}
          label={`${argument.title ?? argument.name}${argument.required ? t('promptsPanel.required') : ''}`}
          hint={argument.description}
          value={values[argument.name] ?? ''}
          others={values}
          completions={completions}
          onChange={(value) => setValues({ ...values, [argument.name]: value })}
        />
      ))}
      <SubmitWhenFilled missing={missing}>{t('promptsPanel.getPrompt')}</SubmitWhenFilled>
      {asked && <PromptMessages server={server} name={prompt.name} args={asked} />}
    </form>
  );
}

function PromptMessages({ server, name, args }: { server: string; name: string; args: Record<string, string> }) {
  const { t } = useTranslation('servers');
  const got = useRpcQuery('prompts.get', { server, name, arguments: args });
  if (got.isPending) return <Loading>{t('promptsPanel.getting', { name })}</Loading>;
  if (got.isError) return <LoadError what={t('promptsPanel.thePrompt', { name })} error={got.error} />;
  return (
    <div className="prompt-messages" data-testid="prompt-messages">
      {got.data.description && <p className="muted small">{got.data.description}</p>}
      {got.data.messages.map((message, index) => (
        <div key={index} className="prompt-message">
          <p className="small">
            <strong>{message.role}</strong>
          </p>
          {message.content.type === 'text' && typeof message.content.text === 'string' ? (
            <JsonBlock value={message.content.text} label={t('promptsPanel.messageOf', { number: index + 1, name })} />
          ) : (
            <JsonBlock value={message.content} label={t('promptsPanel.messageOf', { number: index + 1, name })} />
          )}
        </div>
      ))}
    </div>
  );
}
