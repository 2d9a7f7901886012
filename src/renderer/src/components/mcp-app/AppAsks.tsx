import { useTranslation } from 'react-i18next';

/** Something the app asked that waits for the operator: open a link, save a file. */
export interface AppAsk {
  id: string;
  kind: 'open' | 'download';
  /** The URL with hidden characters shown, or the file's name. */
  shown: string;
  host?: string;
  answer(yes: boolean): void;
}

/** The operator's answers to what the app asked, one card each, in the order asked. */
export function AppAsks({ asks, app }: { asks: AppAsk[]; app: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {asks.map((ask) => (
        <div
          key={ask.id}
          className="mcp-app-ask"
          role="alertdialog"
          aria-label={t(`mcpApp.ask.${ask.kind}Title`, { app })}
          data-testid="mcp-app-ask"
          data-kind={ask.kind}
        >
          <p>
            {ask.kind === 'open'
              ? t('mcpApp.ask.open', { app, host: ask.host ?? '' })
              : t('mcpApp.ask.download', { app })}
          </p>
          <code className="mono small">{ask.shown}</code>
          <div className="row">
            <button type="button" className="btn btn-small" onClick={() => ask.answer(true)}>
              {ask.kind === 'open' ? t('mcpApp.ask.openButton') : t('mcpApp.ask.downloadButton')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => ask.answer(false)}>
              {t('mcpApp.ask.refuse')}
            </button>
          </div>
        </div>
      ))}
    </>
  );
}

/** Asked once, before the app loads: the permissions its resource wants, each granted only on a yes. */
export function PermissionConsent({
  app,
  requested,
  onAnswer,
}: {
  app: string;
  requested: string[];
  onAnswer(granted: boolean): void;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      className="mcp-app-ask"
      role="alertdialog"
      aria-label={t('mcpApp.permissions.title', { app })}
      data-testid="mcp-app-permissions"
    >
      <p>{t('mcpApp.permissions.ask', { app })}</p>
      <ul>
        {requested.map((name) => (
          <li key={name}>{t(`mcpApp.permissions.names.${name as 'camera'}`)}</li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="btn btn-small" onClick={() => onAnswer(true)}>
          {t('mcpApp.permissions.allow')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => onAnswer(false)}>
          {t('mcpApp.permissions.deny')}
        </button>
      </div>
    </div>
  );
}
