import { isPageUrl } from './page-origin';

/** The slice of Electron's session the permission handlers use. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string; isMainFrame?: boolean },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      contents: unknown,
      permission: string,
      requestingOrigin: string,
      details: { isMainFrame?: boolean },
    ) => boolean,
  ): void;
}

/**
 * What the page may ask for, and why: the Run-by-hand panel's Copy button writes the command with
 * navigator.clipboard.writeText, which Chromium puts behind `clipboard-sanitized-write`. Nothing else: desktop
 * notifications come from main (Electron's Notification, no web permission), and no feature uses the camera,
 * microphone, location, MIDI, HID, serial, USB or anything else.
 */
export const PAGE_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Denies every permission request and check, except those in PAGE_PERMISSIONS asked by our own page's main frame. */
export function restrictPermissions(
  session: PermissionSession,
  options: { pageOrigin: string; log(line: string): void },
): void {
  const allowed = (permission: string, url: string | undefined, isMainFrame: boolean | undefined) =>
    PAGE_PERMISSIONS.has(permission) && isMainFrame !== false && isPageUrl(url, options.pageOrigin);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const granted = allowed(permission, details.requestingUrl, details.isMainFrame);
    if (!granted) options.log(`[permissions] denied ${permission} to ${details.requestingUrl ?? 'an unknown page'}`);
    callback(granted);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowed(permission, requestingOrigin, details.isMainFrame),
  );
}
