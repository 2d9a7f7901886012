import type { AppPermission } from '../../shared/apps/app-sandbox-csp';
import type { ProtocolPort } from './app-protocol';
import { SANDBOX_SCHEME, sandboxRequestHandler } from './app-sandbox-protocol';
import { readProxySrc } from './app-webview-guard';

/** The slice of a guest webContents (the `<webview>` holding one app) the partition's handlers read. */
export interface AppGuestContents {
  getURL(): string;
}

/** The slice of `session.fromPartition('mcp-apps')` that is set up here. */
export interface AppSessionPort {
  protocol: Pick<ProtocolPort, 'handle'>;
  webRequest: {
    onBeforeRequest(
      listener: (
        details: { url: string; resourceType?: string },
        callback: (response: { cancel?: boolean }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (
      contents: AppGuestContents | null,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string; isMainFrame?: boolean; mediaTypes?: string[] },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      contents: AppGuestContents | null,
      permission: string,
      requestingOrigin: string,
      details: { isMainFrame?: boolean; mediaType?: string },
    ) => boolean,
  ): void;
  on(event: 'will-download', listener: (event: { preventDefault(): void }) => void): unknown;
}

/** Which consented permission lets Chromium's permission through, if any. Media names its kinds: each must be granted. */
export function grantCovers(
  grants: ReadonlySet<AppPermission>,
  permission: string,
  mediaTypes: readonly string[] | undefined,
): boolean {
  switch (permission) {
    case 'media':
      return (
        !!mediaTypes?.length &&
        mediaTypes.every(
          (type) => (type === 'video' && grants.has('camera')) || (type === 'audio' && grants.has('microphone')),
        )
      );
    case 'geolocation':
    case 'geolocation-approximate':
      return grants.has('geolocation');
    case 'clipboard-sanitized-write':
      return grants.has('clipboardWrite');
    default:
      return false;
  }
}

/** The permissions the operator granted the app in this guest: read from its proxy URL, which main let it load. */
function grantsOf(contents: AppGuestContents | null): ReadonlySet<AppPermission> {
  if (!contents) return new Set();
  const src = readProxySrc(contents.getURL());
  return new Set(src.ok ? src.grants : []);
}

/**
 * MCP Apps' own session (`mcp-apps`, in memory): the only place the sandbox scheme is served; its main frames load
 * nothing but the sandbox proxy; it downloads nothing (an app's download is ui/download-file, which asks the
 * operator); and it grants an app exactly what the operator consented to for it (camera, microphone, geolocation,
 * clipboard write), asked by the app's own frame, never by the proxy page, and nothing else to anyone.
 */
export function installAppPartition(session: AppSessionPort, options: { pageOrigin: string; log(line: string): void }) {
  session.protocol.handle(SANDBOX_SCHEME, sandboxRequestHandler(options));
  session.webRequest.onBeforeRequest((details, callback) => {
    if (details.resourceType === 'mainFrame' && !readProxySrc(details.url).ok) {
      options.log(`[app partition] refused to load ${details.url.slice(0, 200)} as an app's page`);
      return callback({ cancel: true });
    }
    callback({});
  });
  session.on('will-download', (event) => {
    event.preventDefault();
    options.log('[app partition] refused a download');
  });
  const allowed = (contents: AppGuestContents | null, permission: string, isMainFrame: unknown, media?: string[]) =>
    isMainFrame === false && grantCovers(grantsOf(contents), permission, media);
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const granted = allowed(contents, permission, details.isMainFrame, details.mediaTypes);
    options.log(`[app partition] ${granted ? 'granted' : 'denied'} ${permission} to an MCP App`);
    callback(granted);
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    allowed(contents, permission, details.isMainFrame, details.mediaType ? [details.mediaType] : undefined),
  );
}
