import { hash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import {
  APP_MIME_TYPE,
  APP_RESOURCE_MAX_BYTES,
  type AppCsp,
  type AppPermissions,
  type AppRefusal,
} from '../../../shared/contract/apps';
import { APP_UI_PIN, toolAppUi } from '../../../shared/catalog/app-ui';
import type { ToolDefinition } from '../../../shared/catalog';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { describeError } from './describe-error';

/**
 * MCP Apps, main's half of reading one (docs/PIPELINE.md, "MCP Apps"): the `ui://` resource a tool names is read
 * once per discovered definition, checked (scheme, MIME type, size, CSP), and pinned with the tool. What renders is
 * this copy, never a fresh read: the HTML the operator trusted is the HTML that runs.
 */

export interface CheckedAppResource {
  ok: true;
  uri: string;
  html: string;
  size: number;
  sha256: string;
  csp: AppCsp;
  cspDropped: { directive: string; value: string; reason: string; message: UiMessage }[];
  permissions: AppPermissions;
  prefersBorder: boolean | null;
  domain: string | null;
  fetchedAt: string;
}
export interface RefusedAppResource {
  ok: false;
  uri: string;
  reason: AppRefusal;
  message: UiMessage;
}
export type AppResourceCheck = CheckedAppResource | RefusedAppResource;

/** Distinct app resources read per server per discovery; a server naming more gets the rest refused (`tooMany`). */
export const MAX_APP_RESOURCES_PER_SERVER = 64;
/** One read's budget: a slow app never holds a connection's discovery for long. */
const READ_TIMEOUT_MS = 15_000;
/** CSP entries kept per directive. */
export const MAX_CSP_ENTRIES = 32;
const CSP_DIRECTIVES = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
/** An explicit origin: https (wss for connections), a host of letters, digits and dots, an optional `*.` on a registrable domain, a port. */
const ORIGIN =
  /^(https|wss):\/\/(\*\.)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}|localhost)(:\d{1,5})?\/?$/i;

const byDefinition = new WeakMap<object, AppResourceCheck>();

/**
 * Resources whose read closed the connection, per server: over stdio the SDK drops a connection that sends a message
 * over its 10 MB buffer (a 20 MB app), so the read cannot be refused after the fact. The next connection refuses it
 * without reading, or the server would reconnect, read and drop forever. Kept for the life of the process.
 */
const brokeTheConnection = new Map<string, Set<string>>();
const MAX_REMEMBERED = 1_000;

/** Thrown when reading an app closed the connection: the connection is gone, and its next attempt skips that resource. */
export class AppReadClosedConnection extends Error {}

/** What was read and checked for this definition at discovery, if it names an app. */
export function appResourceOf(definition: ToolDefinition): AppResourceCheck | undefined {
  return byDefinition.get(definition);
}

/**
 * Reads every app resource a fresh tool list names (each distinct URI once) and leaves the result on each definition:
 * the check for apps.resource, and its pinned projection (APP_UI_PIN) for the catalog's hash. Called between
 * tools/list and publishing the list, before anything hashes it. Never throws for a bad app: it is refused with why.
 */
export async function attachAppResources(
  client: Pick<Client, 'readResource'>,
  server: string,
  tools: readonly ToolDefinition[],
  signal?: AbortSignal,
): Promise<void> {
  const wanted = new Map<string, ToolDefinition[]>();
  for (const tool of tools) {
    const ui = toolAppUi(tool);
    if (!ui) continue;
    if (!ui.ok) {
      byDefinition.set(tool, {
        ok: false,
        uri: ui.resourceUri,
        reason: 'notUiScheme',
        message: say('app.notUiScheme', { toolId: tool.name, server, uri: ui.resourceUri }),
      });
      continue;
    }
    if (!ui.resourceUri) continue; // visibility only, no UI of its own
    const list = wanted.get(ui.resourceUri) ?? [];
    list.push(tool);
    wanted.set(ui.resourceUri, list);
  }
  let read = 0;
  for (const [uri, definitions] of wanted) {
    signal?.throwIfAborted();
    const check: AppResourceCheck = brokeTheConnection.get(server)?.has(uri)
      ? {
          ok: false,
          uri,
          reason: 'tooLarge',
          message: say('app.closedConnection', { uri, server, limit: APP_RESOURCE_MAX_BYTES }),
        }
      : read++ < MAX_APP_RESOURCES_PER_SERVER
        ? await readAppResource(client, server, uri, signal)
        : {
            ok: false,
            uri,
            reason: 'tooMany',
            message: say('app.tooMany', { uri, server, limit: MAX_APP_RESOURCES_PER_SERVER }),
          };
    const pin = pinOf(check);
    for (const definition of definitions) {
      byDefinition.set(definition, check);
      Object.defineProperty(definition, APP_UI_PIN, { value: pin, enumerable: false });
    }
  }
}

/** What is hashed with the definition: the resource's digest and its `_meta.ui` as kept (never the HTML itself). */
function pinOf(check: AppResourceCheck): Record<string, unknown> {
  if (!check.ok) return { refused: check.reason };
  return {
    sha256: check.sha256,
    mimeType: APP_MIME_TYPE,
    size: check.size,
    csp: check.csp,
    permissions: check.permissions,
    prefersBorder: check.prefersBorder,
    domain: check.domain,
  };
}

/** resources/read of one `ui://` URI, checked. */
export async function readAppResource(
  client: Pick<Client, 'readResource'>,
  server: string,
  uri: string,
  signal?: AbortSignal,
): Promise<AppResourceCheck> {
  if (!uri.startsWith('ui://'))
    return { ok: false, uri, reason: 'notUiScheme', message: say('app.uriNotUi', { uri, server }) };
  let result: unknown;
  try {
    result = await client.readResource({ uri }, { timeout: READ_TIMEOUT_MS, ...(signal && { signal }) });
  } catch (error) {
    signal?.throwIfAborted();
    if (closedTheConnection(error)) {
      const remembered = brokeTheConnection.get(server) ?? new Set<string>();
      if (remembered.size < MAX_REMEMBERED) remembered.add(uri);
      brokeTheConnection.set(server, remembered);
      throw new AppReadClosedConnection(
        say('app.closedConnection', { uri, server, limit: APP_RESOURCE_MAX_BYTES }).text,
      );
    }
    return {
      ok: false,
      uri,
      reason: 'readFailed',
      message: say('app.readFailed', { uri, server, detail: describeError(error) }),
    };
  }
  return checkAppContents(server, uri, result);
}

/** The checks on a resources/read answer: one HTML content of the app MIME type, within the size cap; its `_meta.ui` kept, filtered. */
export function checkAppContents(server: string, uri: string, result: unknown): AppResourceCheck {
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents.filter(isRecord) : [];
  const content = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!content) return { ok: false, uri, reason: 'notText', message: say('app.notText', { uri, server }) };
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : '';
  if (normaliseMime(mimeType) !== normaliseMime(APP_MIME_TYPE))
    return {
      ok: false,
      uri,
      reason: 'wrongMimeType',
      message: say('app.wrongMimeType', { uri, server, mimeType: mimeType || '(none)' }),
    };
  let html: string;
  let size: number;
  if (typeof content.text === 'string') {
    size = Buffer.byteLength(content.text);
    html = content.text;
  } else if (typeof content.blob === 'string') {
    // base64: 4 characters per 3 bytes; refuse before decoding what is already known to be too big.
    size = Math.floor((content.blob.length * 3) / 4);
    html = size > APP_RESOURCE_MAX_BYTES ? '' : Buffer.from(content.blob, 'base64').toString('utf8');
    if (html) size = Buffer.byteLength(html);
  } else return { ok: false, uri, reason: 'notText', message: say('app.notText', { uri, server }) };
  if (size > APP_RESOURCE_MAX_BYTES)
    return {
      ok: false,
      uri,
      reason: 'tooLarge',
      message: say('app.tooLarge', { uri, server, size, limit: APP_RESOURCE_MAX_BYTES }),
    };
  const meta = isRecord(content._meta) && isRecord(content._meta.ui) ? content._meta.ui : {};
  const { csp, dropped } = filterCsp(meta.csp);
  return {
    ok: true,
    uri,
    html,
    size,
    sha256: hash('sha256', html, 'hex'),
    csp,
    cspDropped: dropped,
    permissions: permissionsOf(meta.permissions),
    prefersBorder: typeof meta.prefersBorder === 'boolean' ? meta.prefersBorder : null,
    domain: typeof meta.domain === 'string' ? meta.domain.slice(0, 253) : null,
    fetchedAt: new Date().toISOString(),
  };
}

/**
 * `_meta.ui.csp` as the host will apply it: each directive keeps explicit https: origins (wss: too for connections);
 * a bare `*`, `https:`, `data:`, `http:`, paths, quotes and anything that could close the directive are dropped,
 * each with the reason the operator sees. Nothing asked for means nothing allowed.
 */
export function filterCsp(raw: unknown): { csp: AppCsp; dropped: CheckedAppResource['cspDropped'] } {
  const csp: AppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const dropped: CheckedAppResource['cspDropped'] = [];
  const source = isRecord(raw) ? raw : {};
  for (const directive of CSP_DIRECTIVES) {
    const values = Array.isArray(source[directive]) ? (source[directive] as unknown[]) : [];
    let extra = 0;
    for (const value of values) {
      const text = typeof value === 'string' ? value.trim() : (JSON.stringify(value) ?? String(value));
      const refusal = originRefusal(text, directive);
      if (refusal) {
        if (dropped.length < 100)
          dropped.push({ directive, value: text.slice(0, 200), reason: refusal.text, message: refusal });
        continue;
      }
      const origin = text.replace(/\/$/, '').toLowerCase();
      if (csp[directive].includes(origin)) continue;
      if (csp[directive].length >= MAX_CSP_ENTRIES) extra++;
      else csp[directive].push(origin);
    }
    if (extra) {
      const message = say('app.cspTooMany', { count: extra, directive, limit: MAX_CSP_ENTRIES });
      dropped.push({ directive, value: '', reason: message.text, message });
    }
  }
  return { csp, dropped };
}

function originRefusal(value: string, directive: (typeof CSP_DIRECTIVES)[number]): UiMessage | undefined {
  const shown = value.slice(0, 200);
  if (/^\*$|^(https?|wss?):\/\/\*\/?$|^\*:/i.test(value) || value === 'https:' || value === 'wss:')
    return say('app.cspWildcard', { value: shown, directive });
  const match = ORIGIN.exec(value);
  if (!match || (match[1].toLowerCase() === 'wss' && directive !== 'connectDomains'))
    return say('app.cspNotOrigin', { value: shown, directive });
  return undefined;
}

function permissionsOf(raw: unknown): AppPermissions {
  const asked = isRecord(raw) ? raw : {};
  const has = (key: string) => asked[key] !== undefined && asked[key] !== null && asked[key] !== false;
  return {
    camera: has('camera'),
    microphone: has('microphone'),
    geolocation: has('geolocation'),
    clipboardWrite: has('clipboardWrite'),
  };
}

function closedTheConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'CONNECTION_CLOSED' ||
    (typeof message === 'string' && /connection closed|exceeded maximum size/i.test(message))
  );
}

const normaliseMime = (mime: string) => mime.toLowerCase().replace(/\s+/g, '');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
