import type { ChatItem } from '../../../shared/contract';
import { JsonBlock } from './JsonBlock';
import { StatusBadge } from './StatusBadge';
import { formatDuration } from '../lib/format';
import { callRan } from '../../../shared/call-ran';
import { openRecord } from '../app/navigation';
import { ResultParts } from './ResultParts';
import { ToolExchanges, ToolProgressBar, ToolTaskStatus } from './ToolLiveState';
import { ToolIcon, ToolTitle } from './ToolLook';
import { useToolLook } from '../lib/catalog/use-tool-look';
import { useTranslation } from 'react-i18next';
import { shownText } from '../lib/i18n/messages';
import { LazyToolApp } from './mcp-app/LazyToolApp';
import type { McpAppTarget } from './mcp-app/McpAppView';

export type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/**
 * One tool call as the proxy reported it: what was called, where, with what, and how it ended. Given `app` (the
 * chat, Run by hand), a tool that ships an MCP App shows it too, attributed to that conversation or acting identity.
 * `streamedInput`: the raw argument JSON while the model is still writing the call (its app previews it).
 */
export function ToolCallCard({
  item,
  app,
  streamedInput,
}: {
  item: ToolItem;
  app?: Omit<McpAppTarget, 'server' | 'toolId'>;
  streamedInput?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const look = useToolLook(item.toolName, item.server);
  return (
    <article
      className={`tool-card tool-${item.status}`}
      data-testid="tool-card"
      data-tool={item.toolName}
      data-status={item.status}
    >
      <header className="tool-head">
        <span>
          <ToolIcon src={look.icon} />
          <code className="tool-name">{item.toolName}</code>
          <ToolTitle title={look.title} />
        </span>
        <span className="muted">{item.server ? t('toolCallCard.on', { server: item.server }) : t('shared.local')}</span>
        {item.nodeId && <span className="muted">{t('toolCallCard.node', { nodeId: item.nodeId })}</span>}
        <StatusBadge status={item.status} />
        {item.durationMs !== undefined && callRan(item) && (
          <span className="muted">{formatDuration(item.durationMs)}</span>
        )}
      </header>
      <JsonBlock
        value={streamedInput ?? item.arguments}
        label={t('toolCallCard.argumentsOf', { toolName: item.toolName })}
      />
      {item.task && <ToolTaskStatus task={item.task} />}
      {item.progress &&
        (item.status === 'running' ||
          item.progress.total === undefined ||
          item.progress.progress < item.progress.total) && <ToolProgressBar progress={item.progress} />}
      {item.exchanges && item.exchanges.length > 0 && <ToolExchanges exchanges={item.exchanges} />}
      {item.resultText !== undefined && (
        <details className="tool-result">
          <summary title={item.status === 'success' ? undefined : t('states.canonical', { state: item.status })}>
            {item.status === 'success'
              ? t('toolCallCard.result')
              : t('toolCallCard.resultWithStatus', { status: t(`statuses.${item.status}`) })}
          </summary>
          {/* Main's own sentence (a refusal, a call that did not run) in the language shown; a result verbatim. */}
          <JsonBlock
            value={shownText(i18n, item.resultText, item.message)}
            label={t('toolCallCard.resultOf', { toolName: item.toolName })}
          />
        </details>
      )}
      {item.parts && item.parts.length > 0 && (
        <ResultParts parts={item.parts} server={item.server} recordId={item.recordId} />
      )}
      {app && look.hasUi !== false && item.server && (
        <LazyToolApp
          hasUi={look.hasUi}
          item={item}
          target={{ ...app, server: item.server, toolId: item.toolName }}
          streamedInput={streamedInput}
        />
      )}
      {item.recordId && (
        <button type="button" className="link" onClick={() => openRecord(item.recordId!)}>
          {t('toolCallCard.openExecutionRecord')}
        </button>
      )}
    </article>
  );
}
