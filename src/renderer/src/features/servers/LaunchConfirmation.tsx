import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';

/**
 * A stdio server that came by import waits before its first launch: the exact command line main will run (as main
 * wrote it, hidden characters made visible), and Launch / Don't launch. Main checks the answer against that line.
 */
export function LaunchConfirmation({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  const answer = useRpcMutation('servers.confirmLaunch');
  const waiting = server.status === 'needs-confirmation' ? server.launchConfirmation : null;
  if (!waiting) return null;
  const decide = (launch: boolean) => answer.mutate({ name: server.name, commandLine: waiting.commandLine, launch });
  return (
    <div className="server-launch-confirmation" role="alert" data-testid="launch-confirmation">
      <p>{t('launchConfirmation.waiting')}</p>
      <pre className="json-block" data-testid="launch-command-line">
        {waiting.commandLine}
      </pre>
      <p className="muted small">{t('launchConfirmation.why')}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={answer.isPending} onClick={() => decide(true)}>
          {t('launchConfirmation.launch')}
        </button>
        <button type="button" className="btn" disabled={answer.isPending} onClick={() => decide(false)}>
          {t('launchConfirmation.dontLaunch')}
        </button>
      </div>
      {answer.isError && <p className="field-error">{saveFailureOf(answer.error).message}</p>}
    </div>
  );
}
