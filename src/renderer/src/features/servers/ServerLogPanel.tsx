import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LogLevel, ServerLogEntry, ServerLogView } from '../../../../shared/contract';
import { LoadError, Loading } from '../../components/QueryState';
import { formatTime } from '../../lib/format';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { DeprecatedMark } from '../../components/DeprecatedMark';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/** MCP's levels, least to most severe (the renderer takes only types from the contract; the check keeps them equal). */
const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const satisfies readonly LogLevel[];
type Nothing<T extends never> = T;
export type EveryLevelListed = Nothing<Exclude<LogLevel, (typeof LOG_LEVELS)[number]>>;

// Where a line came from when it names no logger: stderr and Switchboard are names, the server is a word.
const SOURCE_LABEL: Record<Exclude<ServerLogEntry['source'], 'server'>, string> = {
  stderr: 'stderr',
  host: 'Switchboard',
};

/**
 * One server's log: its notifications/message (level and logger), a stdio server's stderr and what the host noted
 * about the connection. New lines arrive with servers.logged (applied to this query in lib/invalidation.ts). The
 * filter only hides lines here; "Ask the server for" sends logging/setLevel, which the server applies to what it sends.
 */
export function ServerLogPanel({ name }: { name: string }) {
  const { t } = useTranslation('servers');
  const log = useRpcQuery('servers.logs', { name });
  const setLevel = useAskedLevel(name);
  const [shown, setShown] = useState<LogLevel>('debug');
  if (log.isPending) return <Loading>{t('serverLogPanel.loadingTheLog')}</Loading>;
  if (log.isError)
    return <LoadError what={t('serverLogPanel.theLog')} error={log.error} onRetry={() => void log.refetch()} />;
  const view = log.data;
  const floor = LOG_LEVELS.indexOf(shown);
  const entries = view.entries.filter((entry) => LOG_LEVELS.indexOf(entry.level) >= floor);
  return (
    <section className="server-log" aria-label={t('serverLogPanel.logOf', { name })} data-testid="server-log">
      <div className="actions server-log-bar">
        <label className="small">
          {t('serverLogPanel.showFrom')}
          <select
            value={shown}
            onChange={(e) => setShown(e.target.value as LogLevel)}
            aria-label={t('serverLogPanel.showFromLevel')}
          >
            {LOG_LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </select>
        </label>
        <AskedLevelSelect view={view} setLevel={setLevel} />
        <span className="muted small" data-testid="server-log-count">
          {t('serverLogPanel.ofLinesTheLast', {
            shown: entries.length,
            total: view.entries.length,
            capacity: view.capacity,
          })}
        </span>
      </div>
      <ActionFailure action={setLevel} />
      {entries.length === 0 ? (
        <p className="muted small">
          {view.entries.length ? t('serverLogPanel.noLineAtThis') : t('serverLogPanel.nothingLoggedYet')}
        </p>
      ) : (
        <LogLines entries={entries} />
      )}
    </section>
  );
}

/** logging/setLevel for one server; the answer is the new log view, put straight into the query's cache. */
function useAskedLevel(name: string) {
  const cache = useQueryClient();
  const setLevel = useRpcMutation('servers.setLogLevel');
  return {
    isPending: setLevel.isPending,
    isError: setLevel.isError,
    error: setLevel.error,
    ask: (level: LogLevel) =>
      setLevel.mutate({ name, level }, { onSuccess: (next) => cache.setQueryData(['servers.logs', { name }], next) }),
  };
}

/** The level the server is asked to send from; disabled when the server does not offer logging. */
function AskedLevelSelect({ view, setLevel }: { view: ServerLogView; setLevel: ReturnType<typeof useAskedLevel> }) {
  const { t } = useTranslation('servers');
  return (
    <label className="small">
      {t('serverLogPanel.askTheServerFor')} <DeprecatedMark />
      <select
        value={view.level ?? ''}
        disabled={!view.canSetLevel || setLevel.isPending}
        title={view.canSetLevel ? t('serverLogPanel.setLevelMethod') : t('serverLogPanel.theServerDoesNot')}
        aria-label={t('serverLogPanel.levelAskedOfThe')}
        onChange={(e) => setLevel.ask(e.target.value as LogLevel)}
      >
        {view.level === null && <option value="">{t('serverLogPanel.itsDefault')}</option>}
        {LOG_LEVELS.map((level) => (
          <option key={level}>{level}</option>
        ))}
      </select>
    </label>
  );
}

function LogLines({ entries }: { entries: ServerLogEntry[] }) {
  const { t } = useTranslation('servers');
  return (
    <ol className="server-log-lines" aria-live="polite">
      {entries.map((entry) => (
        <li
          key={entry.seq}
          className={`log-${entry.level}`}
          data-testid="server-log-line"
          data-level={entry.level}
          data-source={entry.source}
        >
          <time className="muted">{formatTime(entry.at)}</time> <span className="log-level">{entry.level}</span>{' '}
          <span className="muted">
            {entry.logger ??
              (entry.source === 'server' ? t('serverLogPanel.sourceServer') : SOURCE_LABEL[entry.source])}
          </span>{' '}
          <span className="log-text">{entry.text}</span>
        </li>
      ))}
    </ol>
  );
}
