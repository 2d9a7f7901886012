import { AppBridge, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, CreateMessageResult } from '@modelcontextprotocol/client';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { hostContext, watchConsoleLook, type DisplayMode } from './host-context';
import type { BoundedTransport, FloodReport } from './sandbox-transport';

/** What the view does with what the app asks: each returns the answer the app gets (a refusal is an error). */
export interface AppRequests {
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  message(kind: 'message' | 'modelContext', text: string): Promise<void>;
  openLink(url: string): Promise<boolean>;
  download(contents: unknown[]): Promise<boolean>;
  /** The app's sampling/createMessage, under our sampling rules (main's apps.sample). */
  sample(params: Record<string, unknown>): Promise<CreateMessageResult>;
}

export interface AppBridgeState {
  phase: 'loading' | 'ready' | 'closed' | 'failed';
  height: number;
  displayMode: DisplayMode;
  flood: FloodReport | null;
  error: string | null;
}

const MIN_HEIGHT = 60;
const MAX_HEIGHT = 2000;

export interface AppBridgeOptions {
  /** The transport to the proxy (frame or `<webview>`), made once for the bridge; it reports floods to the card. */
  transport(onFlood: (report: FloodReport) => void): BoundedTransport;
  html: string;
  csp: unknown;
  /** Only what the operator granted. */
  permissions: McpUiResourcePermissions;
  toolName: string;
  locale: string;
  desktop: boolean;
  requests: AppRequests;
  /** The call's input and result as the console knows them; undefined while unknown. */
  input: Record<string, unknown> | undefined;
  /** The input so far while the model streams it (parsed best effort); ignored once `input` is known. */
  partialInput?: Record<string, unknown>;
  result: CallToolResult | undefined;
  cancelled: string | undefined;
}

/**
 * One app's AppBridge (ext-apps' host side) over the sandbox proxy, for as long as the frame is shown: it answers
 * ui/initialize with our host info, capabilities and context, sends the tool's input and result once the app is
 * initialized (the input streamed as partial input first, when the model is still writing it; again when they change), follows theme/language/display-mode changes, and tears the app down
 * (ui/resource-teardown) before the frame goes.
 */
export function useAppBridge(options: AppBridgeOptions): AppBridgeState & { setDisplayMode(mode: DisplayMode): void } {
  const [state, setState] = useState<AppBridgeState>({
    phase: 'loading',
    height: 320,
    displayMode: 'inline',
    flood: null,
    error: null,
  });
  const bridgeRef = useRef<AppBridge | null>(null);
  const initialized = useRef(false);
  const latest = useRef(options);
  latest.current = options;
  const stateRef = useRef({ displayMode: state.displayMode });
  stateRef.current.displayMode = state.displayMode;

  useEffect(() => {
    const opts = latest.current;
    const context = () =>
      hostContext({
        locale: latest.current.locale,
        displayMode: stateRef.current.displayMode,
        toolName: opts.toolName,
        desktop: opts.desktop,
      });
    const bridge = createHostBridge(opts, context());
    bridgeRef.current = bridge;
    const transport = opts.transport((flood) => setState((s) => ({ ...s, flood })));
    followAppLifecycle(bridge, opts, {
      onInitialized: () => {
        initialized.current = true;
        setState((s) => ({ ...s, phase: 'ready' }));
        sendCallState(bridge, latest.current);
      },
      onHeight: (height) => setState((s) => ({ ...s, height })),
      onClosed: () => setState((s) => ({ ...s, phase: 'closed' })),
    });
    answerAppRequests(
      bridge,
      () => latest.current.requests,
      (next) => {
        stateRef.current.displayMode = next;
        setState((s) => ({ ...s, displayMode: next }));
        bridge.setHostContext(context());
      },
    );
    transport.onerror = () => undefined; // a malformed message is dropped, never thrown into the console
    bridge
      .connect(transport)
      .catch((error: unknown) => setState((s) => ({ ...s, phase: 'failed', error: String(error) })));
    const stopWatching = watchConsoleLook(() => bridge.setHostContext(context()));
    return () => {
      stopWatching();
      bridgeRef.current = null;
      const closing = initialized.current
        ? bridge.teardownResource({}, { timeout: 500 }).catch(() => undefined)
        : Promise.resolve();
      initialized.current = false;
      void closing.finally(() => void bridge.close());
    };
    // One bridge per frame: what changes later reaches it through `latest` and the effects below.
  }, []);

  useForwardCallChanges(bridgeRef, initialized, latest, state.displayMode);

  const setDisplayMode = (mode: DisplayMode) => setState((s) => ({ ...s, displayMode: mode }));
  return { ...state, setDisplayMode };
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      block && typeof block === 'object' && (block as { type?: unknown }).type === 'text'
        ? String((block as { text?: unknown }).text ?? '')
        : '',
    )
    .filter(Boolean)
    .join('\n');
}

/** The host side with our info and capabilities; the sandbox gets only what the operator granted. */
function createHostBridge(opts: AppBridgeOptions, context: ReturnType<typeof hostContext>): AppBridge {
  return new AppBridge(
    null,
    { name: 'Switchboard', version: '0.1.0' },
    {
      openLinks: {},
      downloadFile: {},
      serverTools: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sampling: {},
      sandbox: { permissions: opts.permissions, csp: (opts.csp ?? {}) as never },
    },
    { hostContext: context },
  );
}

/** Loads the app once the sandbox is ready and reports its initialization, size and own teardown. */
function followAppLifecycle(
  bridge: AppBridge,
  opts: AppBridgeOptions,
  on: { onInitialized(): void; onHeight(height: number): void; onClosed(): void },
): void {
  bridge.addEventListener('sandboxready', () => {
    void bridge.sendSandboxResourceReady({ html: opts.html, csp: opts.csp as never, permissions: opts.permissions });
  });
  bridge.addEventListener('initialized', () => on.onInitialized());
  bridge.addEventListener('sizechange', ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height))
      on.onHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height))));
  });
  bridge.addEventListener('requestteardown', () => {
    void bridge.teardownResource({}).finally(() => on.onClosed());
  });
}

/** The call as the console knows it, sent once the app is initialized (streamed input only while no final one). */
function sendCallState(
  bridge: AppBridge,
  call: Pick<AppBridgeOptions, 'input' | 'partialInput' | 'result' | 'cancelled'>,
): void {
  if (call.input) void bridge.sendToolInput({ arguments: call.input });
  else if (call.partialInput) void bridge.sendToolInputPartial({ arguments: call.partialInput });
  if (call.result) void bridge.sendToolResult(call.result);
  if (call.cancelled) void bridge.sendToolCancelled({ reason: call.cancelled });
}

/** Routes what the app asks to the view's current requests; a refusal becomes the app's error. */
function answerAppRequests(
  bridge: AppBridge,
  requests: () => AppRequests,
  setDisplayMode: (mode: DisplayMode) => void,
): void {
  bridge.oncalltool = async (params) =>
    requests().callTool(params.name, (params.arguments ?? {}) as Record<string, unknown>);
  bridge.onmessage = async (params) => {
    await requests().message('message', textOf(params.content));
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    await requests().message(
      'modelContext',
      textOf(params.content ?? []) || JSON.stringify(params.structuredContent ?? {}),
    );
    return {};
  };
  bridge.oncreatesamplingmessage = async (params) => requests().sample(params as unknown as Record<string, unknown>);
  bridge.onopenlink = async ({ url }) => ((await requests().openLink(url)) ? {} : { isError: true });
  bridge.ondownloadfile = async ({ contents }) => ((await requests().download(contents)) ? {} : { isError: true });
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const next: DisplayMode = mode === 'fullscreen' ? 'fullscreen' : 'inline';
    setDisplayMode(next);
    return { mode: next };
  };
}

/** After initialization: each change of the call or of the console's look reaches the app. */
function useForwardCallChanges(
  bridgeRef: RefObject<AppBridge | null>,
  initialized: RefObject<boolean>,
  latest: RefObject<AppBridgeOptions>,
  displayMode: DisplayMode,
): void {
  const options = latest.current;
  // The refs are the caller's, stable for the hook's life: listing them re-runs nothing.
  useEffect(() => {
    if (initialized.current && options.partialInput && !latest.current.input)
      void bridgeRef.current?.sendToolInputPartial({ arguments: options.partialInput });
  }, [options.partialInput, bridgeRef, initialized, latest]);
  useEffect(() => {
    if (initialized.current && options.input) void bridgeRef.current?.sendToolInput({ arguments: options.input });
  }, [options.input, bridgeRef, initialized]);
  useEffect(() => {
    if (initialized.current && options.result) void bridgeRef.current?.sendToolResult(options.result);
  }, [options.result, bridgeRef, initialized]);
  useEffect(() => {
    if (initialized.current && options.cancelled)
      void bridgeRef.current?.sendToolCancelled({ reason: options.cancelled });
  }, [options.cancelled, bridgeRef, initialized]);
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (bridge && initialized.current)
      bridge.setHostContext(
        hostContext({
          locale: options.locale,
          displayMode,
          toolName: options.toolName,
          desktop: options.desktop,
        }),
      );
  }, [options.locale, displayMode, options.toolName, options.desktop, bridgeRef, initialized]);
}
