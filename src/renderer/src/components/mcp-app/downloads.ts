import { checkExternalUrl } from '../../../../shared/net/external-url';

/** All the files of one ui/download-file request together; more is refused, not truncated. */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

interface DownloadPorts {
  /** Asks the operator about one file (its name or link); resolves yes or no. */
  ask(name: string): Promise<boolean>;
  refuse(what: string): void;
}

/**
 * Saves what an app offers (ui/download-file): an embedded resource as a file once the operator says yes, a
 * resource link only when the shared URL gate passes it and the operator says yes. Anything else is refused.
 */
export async function saveDownloads(contents: unknown[], ports: DownloadPorts): Promise<boolean> {
  let total = 0;
  let saved = 0;
  for (const item of contents.slice(0, 10)) {
    const entry = item as {
      type?: unknown;
      uri?: unknown;
      resource?: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
    };
    if (entry.type === 'resource_link' && typeof entry.uri === 'string') {
      const check = checkExternalUrl(entry.uri);
      if (!check.ok) {
        ports.refuse(entry.uri);
        continue;
      }
      if (await ports.ask(check.url.href)) {
        window.open(check.url.href, '_blank', 'noopener,noreferrer');
        saved++;
      }
      continue;
    }
    const resource = entry.type === 'resource' ? entry.resource : undefined;
    if (!resource || (typeof resource.text !== 'string' && typeof resource.blob !== 'string')) {
      ports.refuse(String(entry.type ?? 'unknown'));
      continue;
    }
    const size =
      typeof resource.text === 'string' ? resource.text.length : Math.floor((resource.blob as string).length * 0.75);
    total += size;
    if (total > MAX_DOWNLOAD_BYTES) {
      ports.refuse(String(resource.uri ?? 'file'));
      return false;
    }
    const name = fileName(String(resource.uri ?? 'download'));
    if (!(await ports.ask(name))) continue;
    const type = typeof resource.mimeType === 'string' ? resource.mimeType : 'application/octet-stream';
    const bytes =
      typeof resource.text === 'string'
        ? resource.text
        : Uint8Array.from(atob(resource.blob as string), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    saved++;
  }
  return saved > 0;
}

/** The last path segment of a URI, stripped of anything a file system would read as a path. */
export function fileName(uri: string): string {
  const last = uri.split(/[/\\]/).filter(Boolean).pop() ?? 'download';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f<>:"|?*]/g, '_').slice(0, 120);
  return clean && clean !== '.' && clean !== '..' ? clean : 'download';
}
