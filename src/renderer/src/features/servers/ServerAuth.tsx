import type { ServerView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { useRpc } from '../../lib/rpc-context';
import { shownText } from '../../lib/i18n/messages';
import { checkExternalUrl } from '../../../../shared/net/external-url';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * A remote server's OAuth: who it signs in with, what was granted and until when, and Sign in / Sign out.
 * In the browser console, Sign in opens a blank tab within the click (so no pop-up blocker interferes) and
 * sends it to the authorization page once main has it; in Electron main opens the system browser itself.
 * Tokens never reach this page.
 */
export function ServerAuth({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  const auth = server.auth!;
  const machine = auth.grant !== 'authorization_code';
  const { signIn, startSignIn } = useSignIn(server.name, machine);
  // servers.authChanged (the tokens, the flow) and catalog.changed (the reconnection) refresh what these change.
  const signOut = useRpcMutation('servers.signOut');
  const busy = signIn.isPending || signOut.isPending;
  const failed = [signIn, signOut].find((m) => m.isError);

  return (
    <section
      className="server-auth"
      aria-label={t('serverAuth.authorizationOf', { name: server.name })}
      data-testid="server-auth"
      data-signed-in={auth.signedIn}
    >
      <AuthNotices server={server} auth={auth} machine={machine} />
      <AuthFacts auth={auth} machine={machine} />
      <div className="actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy || !server.enabled}
          onClick={startSignIn}
        >
          {signIn.isPending
            ? t('serverAuth.signingIn')
            : machine
              ? t('serverAuth.getANewToken')
              : auth.signedIn
                ? t('serverAuth.signInAgain')
                : t('serverAuth.signIn')}
        </button>
        {auth.signingIn && auth.signInUrl && checkExternalUrl(auth.signInUrl).ok && (
          <a className="btn btn-small" href={auth.signInUrl} target="_blank" rel="noopener noreferrer">
            {t('serverAuth.openTheSignIn')}
          </a>
        )}
        {auth.signedIn && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => signOut.mutate({ name: server.name })}
          >
            {signOut.isPending ? t('serverAuth.signingOut') : t('serverAuth.signOut')}
          </button>
        )}
      </div>
      {failed && <ActionFailure action={failed} />}
    </section>
  );
}

type Auth = NonNullable<ServerView['auth']>;

/**
 * Sign in. In the browser console a blank tab is opened within the click (so no pop-up blocker interferes) and sent
 * to the authorization page once main has it; a machine grant (`machine`) opens nothing.
 */
function useSignIn(name: string, machine: boolean) {
  const rpc = useRpc();
  const signIn = useRpcMutation('servers.signIn');
  const startSignIn = () => {
    const tab = rpc.mode === 'browser' && !machine ? window.open('about:blank', '_blank') : null;
    signIn.mutate(
      { name },
      {
        onSuccess: ({ authorizationUrl, opened }) => {
          // main refuses such a URL first; the page's own opener checks it too (the gate, shared/net/external-url.ts).
          if (!authorizationUrl || opened || !checkExternalUrl(authorizationUrl).ok) return void tab?.close();
          if (tab) {
            tab.opener = null; // the authorization server's page gets no handle on the console
            tab.location.href = authorizationUrl;
          } else window.open(authorizationUrl, '_blank', 'noopener,noreferrer');
        },
        onError: () => tab?.close(),
      },
    );
  };
  return { signIn, startSignIn };
}

/** What asks for the operator: a sign-in the server needs, a scope it asks for, why authorization failed. */
function AuthNotices({ server, auth, machine }: { server: ServerView; auth: Auth; machine: boolean }) {
  const { t, i18n } = useTranslation('servers');
  return (
    <>
      {server.status === 'needs-auth' && (
        <p className="server-needs-auth" role="status" data-testid="server-needs-auth">
          {machine ? t('serverAuth.theServerWantsA') : t('serverAuth.signInRequired')}
          {server.error && shownText(i18n, server.error, server.errorMessage)}
        </p>
      )}
      {auth.pendingScope && (
        <p className="server-needs-auth" role="status" data-testid="server-pending-scope">
          <Trans
            t={t}
            i18nKey="serverAuth.theServerAsksFor"
            values={{ pendingScope: auth.pendingScope }}
            components={{ code: <code /> }}
          />
        </p>
      )}
      {auth.error && (
        <p className="server-error" role="alert" data-testid="server-auth-error">
          {shownText(i18n, auth.error, auth.errorMessage)}
        </p>
      )}
    </>
  );
}

/** Whether it is signed in, with whom, the scopes granted and until when. */
function AuthFacts({ auth, machine }: { auth: Auth; machine: boolean }) {
  const { t } = useTranslation('servers');
  const expired = auth.expiresAt !== null && Date.parse(auth.expiresAt) <= Date.now();
  return (
    <dl className="facts compact server-facts">
      <dt>{t('serverAuth.authorization')}</dt>
      <dd data-testid="server-auth-state">
        {auth.signingIn
          ? t('serverAuth.waitingForTheBrowser')
          : auth.signedIn
            ? machine
              ? t('serverAuth.clientCredentials')
              : t('serverAuth.signedIn')
            : t('serverAuth.notSignedIn')}
        {!auth.persistent && auth.signedIn && <span className="muted"> {t('serverAuth.keptInMemoryOnly')}</span>}
      </dd>
      <dt>{t('serverAuth.authorizationServer')}</dt>
      <dd data-testid="server-auth-issuer">
        {auth.authorizationServer ?? <span className="muted">{t('serverAuth.foundAtSignIn')}</span>}
      </dd>
      {auth.signedIn && (
        <>
          <dt>{t('serverAuth.scopes')}</dt>
          <dd data-testid="server-auth-scopes">
            {auth.scopes.length ? auth.scopes.join(' ') : <span className="muted">{t('serverAuth.noneNamed')}</span>}
          </dd>
          <dt>{expired ? t('serverAuth.expired') : t('serverAuth.expires')}</dt>
          <dd data-testid="server-auth-expiry">
            {auth.expiresAt ? (
              formatTime(auth.expiresAt)
            ) : (
              <span className="muted">{t('serverAuth.noExpiryGiven')}</span>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
