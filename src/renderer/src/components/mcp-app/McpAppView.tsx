import type { CallToolResult } from '@modelcontextprotocol/client';
import type { McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allowAttribute,
  encodeAppCsp,
  readAppCsp,
  requestedPermissions,
  type AppPermission,
} from '../../../../shared/apps/app-sandbox-csp';
import { approvalsOfApp, usePendingApprovals } from '../../lib/approvals';
import { errorMessage } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { ApprovalCard } from '../approval-card/ApprovalCard';
import { AppAsks, PermissionConsent } from './AppAsks';
import { parsePartialInput } from './partial-input';
import { SandboxTransport } from './sandbox-transport';
import { useAppBridge } from './use-app-bridge';
import { useAppRequests, type AppSaid } from './use-app-requests';
import { WebviewTransport, type AppWebview } from './webview-transport';
import './mcp-app.css';

/** Whose app this is and where what it asks for is attributed. */
export interface McpAppTarget {
  server: string;
  toolId: string;
  /** In a conversation: the app's messages and calls belong to it. */
  conversationId?: string;
  /** Run by hand: the acting identity of the run. */
  actingIdentity?: string;
}

export interface McpAppCall {
  input: Record<string, unknown> | undefined;
  /** The raw argument JSON streamed so far (chat.toolInputPartial), while `input` is not known yet. */
  partialJson?: string;
  /** The call's execution record, read for the full result once the call ran (the card holds what the model read). */
  recordId: string | undefined;
  ran: boolean;
  /** Why the call ended without a result (stopped, refused), sent to the app as tool-cancelled. */
  cancelled: string | undefined;
}

/**
 * A tool's own interface (MCP Apps), rendered in the sandbox origin's proxy frame: loaded from the resource main
 * fetched and pinned, after the operator's consent to any permission it asks for. What the app asks for goes
 * through main (apps.callTool, apps.message) or the operator (links, downloads).
 */
export function McpAppView({ target, call }: { target: McpAppTarget; call: McpAppCall }) {
  const { t } = useTranslation('common');
  const sandbox = useRpcQuery('sandbox.proxy', {}, { staleTime: Infinity });
  const resource = useRpcQuery(
    'apps.resource',
    { server: target.server, toolId: target.toolId },
    { staleTime: 60_000, retry: false },
  );
  const [consent, setConsent] = useState<boolean | null>(null);
  if (!sandbox.data?.proxyUrl || !sandbox.data.origin) return null;
  if (resource.isPending) return null;
  // A tool without an app: nothing to show (the card may ask before it knows).
  if (resource.isError && (resource.error as { details?: { reason?: unknown } }).details?.reason === 'noUi')
    return null;
  if (resource.isError)
    return (
      <p className="warn-notice small" role="note" data-testid="mcp-app-refused">
        {t('mcpApp.refused', { app: target.toolId, reason: errorMessage(resource.error) })}
      </p>
    );
  const requested = requestedPermissions(resource.data.permissions);
  const granted: AppPermission[] = consent ? requested : [];
  const dropped = resource.data.cspDropped ?? [];
  return (
    <section className="mcp-app" data-testid="mcp-app" aria-label={t('mcpApp.label', { app: target.toolId })}>
      {dropped.length > 0 && (
        <p className="warn-notice small" role="note" data-testid="mcp-app-csp-dropped">
          {t('mcpApp.cspDropped', { entries: dropped.map((entry) => entry.value).join(', ') })}
        </p>
      )}
      {requested.length > 0 && consent === null ? (
        <PermissionConsent app={target.toolId} requested={requested} onAnswer={setConsent} />
      ) : (
        <AppFrame
          target={target}
          call={call}
          html={resource.data.html}
          csp={resource.data.csp}
          granted={granted}
          proxyUrl={sandbox.data.proxyUrl}
          sandboxOrigin={sandbox.data.origin}
          partition={sandbox.data.partition ?? null}
        />
      )}
    </section>
  );
}

interface AppFrameProps {
  target: McpAppTarget;
  call: McpAppCall;
  html: string;
  csp: unknown;
  granted: AppPermission[];
  proxyUrl: string;
  sandboxOrigin: string;
  /** The desktop: the proxy runs in a `<webview>` on this partition (see webview-transport.ts). */
  partition: string | null;
}

function AppFrame(props: AppFrameProps) {
  const { target } = props;
  const { t, i18n } = useTranslation('common');
  const frame = useRef<HTMLIFrameElement>(null);
  const webview = useRef<HTMLElement>(null);
  const { requests, asks, said, notice } = useAppRequests(target);
  const approvals = approvalsOfApp(usePendingApprovals().data, target.server);
  const { input, partialInput, result } = useCallShownToApp(props.call);
  const permissions: McpUiResourcePermissions = Object.fromEntries(props.granted.map((name) => [name, {}]));
  const bridge = useAppBridge({
    transport: (onFlood) =>
      props.partition
        ? new WebviewTransport(() => webview.current as unknown as AppWebview | null, { onFlood })
        : new SandboxTransport(() => frame.current?.contentWindow ?? null, props.sandboxOrigin, { onFlood }),
    html: props.html,
    csp: props.csp,
    permissions,
    toolName: target.toolId,
    locale: i18n.language,
    desktop: (window as { api?: unknown }).api !== undefined,
    requests,
    input,
    partialInput,
    result,
    cancelled: props.call.cancelled,
  });
  if (bridge.phase === 'closed') return <p className="muted small">{t('mcpApp.closed', { app: target.toolId })}</p>;
  const frameElement = {
    title: t('mcpApp.frameTitle', { app: target.toolId }),
    src: sandboxSrc(props.proxyUrl, props.csp, props.partition ? props.granted : []),
    style: bridge.displayMode === 'inline' ? { height: bridge.height } : undefined,
    'data-testid': 'mcp-app-frame',
    'data-phase': bridge.phase,
  };
  return (
    <div className={`mcp-app-frame mcp-app-${bridge.displayMode}`}>
      {bridge.displayMode === 'fullscreen' && (
        <button type="button" className="btn btn-small mcp-app-exit" onClick={() => bridge.setDisplayMode('inline')}>
          {t('mcpApp.exitFullscreen')}
        </button>
      )}
      {props.partition ? (
        // Main's guard lets this attach only on its partition with this src, and forces the relay preload.
        <webview ref={webview} partition={props.partition} {...frameElement} />
      ) : (
        <iframe
          ref={frame}
          // The proxy (our page) keeps its own origin; the app's inner frame gets scripts only (see the proxy).
          sandbox="allow-scripts allow-same-origin"
          allow={allowAttribute(props.granted) || undefined}
          referrerPolicy="no-referrer"
          {...frameElement}
        />
      )}
      {bridge.flood && (
        <p className="warn-notice small" role="status" data-testid="mcp-app-flood">
          {t('mcpApp.flood', { app: target.toolId, count: bridge.flood.total })}
        </p>
      )}
      {bridge.error && <p className="field-error small">{t('mcpApp.failed', { reason: bridge.error })}</p>}
      {notice && (
        <p className="warn-notice small" role="note" data-testid="mcp-app-notice">
          {notice}
        </p>
      )}
      <AppAsks asks={asks} app={target.toolId} />
      {approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
      <AppSaidList said={said} app={target.toolId} />
    </div>
  );
}

/** The call as the app sees it: the final input, else the input streamed so far; the full result once it ran. */
function useCallShownToApp(call: McpAppCall) {
  const record = useRpcQuery(
    'records.get',
    { id: call.recordId ?? '' },
    { enabled: call.ran && call.recordId !== undefined, staleTime: Infinity },
  );
  const result = call.ran ? (record.data?.result as CallToolResult | undefined) : undefined;
  // Parsed only while no final input exists: a finished call's view never reads the stream.
  const partialInput = useMemo(
    () => (call.input ? undefined : parsePartialInput(call.partialJson)),
    [call.input, call.partialJson],
  );
  return { input: call.input, partialInput, result };
}

/** What the app said outside a conversation, as bubbles under its frame. */
function AppSaidList({ said, app }: { said: AppSaid[]; app: string }) {
  const { t } = useTranslation('common');
  return said.map((entry) => (
    <div key={entry.id} className="bubble bubble-app" data-testid="mcp-app-said" data-kind={entry.kind}>
      <span className="muted small">
        {entry.kind === 'message' ? t('mcpApp.fromApp', { app }) : t('mcpApp.contextFromApp', { app })}
      </span>
      <div>{entry.text}</div>
    </div>
  ));
}

/**
 * The proxy's URL with the app's CSP; in the desktop also the permissions the operator granted, which main's
 * `mcp-apps` session answers from (a frame's `allow` attribute does it in the browser).
 */
function sandboxSrc(proxyUrl: string, csp: unknown, grants: readonly AppPermission[]): string {
  const query = `csp=${encodeAppCsp(readAppCsp(csp).csp)}${grants.length ? `&grant=${grants.join(',')}` : ''}`;
  return `${proxyUrl}${proxyUrl.includes('?') ? '&' : '?'}${query}`;
}
