import type { ToolDefinition } from './types';

/**
 * A tool's MCP App (`io.modelcontextprotocol/ui`) as its definition declares it: `_meta.ui.resourceUri` (or the older
 * flat `_meta["ui/resourceUri"]`) and `_meta.ui.visibility`. Read here rather than with ext-apps' own readers
 * (getToolUiResourceUri, isToolVisibilityAppOnly): those live in its app-bridge module, which loads the whole client
 * SDK, and this runs in the catalog's hot path at start-up and in the renderer; they also throw or answer a boolean
 * where the operator needs a reason.
 */
export type ToolAppUi =
  | { ok: true; resourceUri: string; visibility: readonly ('model' | 'app')[] }
  /** The tool names a UI the host refuses (the URI is not `ui://`): rendered nowhere, the reason shown. */
  | { ok: false; resourceUri: string; reason: 'notUiScheme'; visibility: readonly ('model' | 'app')[] };

const BOTH: readonly ('model' | 'app')[] = Object.freeze(['model', 'app']);
const byDefinition = new WeakMap<object, ToolAppUi | null>();

/** The tool's UI, or null when it declares none. Memoised per definition object (definitions are immutable snapshots). */
export function toolAppUi(definition: ToolDefinition): ToolAppUi | null {
  const known = byDefinition.get(definition);
  if (known !== undefined) return known;
  const made = readAppUi(definition);
  byDefinition.set(definition, made);
  return made;
}

function readAppUi(definition: ToolDefinition): ToolAppUi | null {
  const meta = definition._meta;
  if (!meta || typeof meta !== 'object') return null;
  const ui = isRecord(meta.ui) ? meta.ui : undefined;
  const visibility = visibilityOf(ui?.visibility);
  const nested = typeof ui?.resourceUri === 'string' ? ui.resourceUri : undefined;
  const flat = typeof meta['ui/resourceUri'] === 'string' ? (meta['ui/resourceUri'] as string) : undefined;
  // The nested form wins, as the spec says.
  const resourceUri = nested ?? flat;
  if (resourceUri === undefined) return visibility === BOTH ? null : { ok: true, resourceUri: '', visibility };
  if (!resourceUri.startsWith('ui://')) return { ok: false, resourceUri, reason: 'notUiScheme', visibility };
  return { ok: true, resourceUri, visibility };
}

/**
 * Absent (or not a list) means both. Anything else keeps only the two known audiences; a list without `model` —
 * `["app"]`, or a list of unknown words — keeps the tool from the model, the safe reading of a hostile value.
 */
function visibilityOf(raw: unknown): readonly ('model' | 'app')[] {
  if (!Array.isArray(raw)) return BOTH;
  const known = [...new Set(raw.filter((v): v is 'model' | 'app' => v === 'model' || v === 'app'))];
  if (known.includes('model') && known.includes('app')) return BOTH;
  return known.length ? known : ['app'];
}

/** True when the tool must never be sent to the model: `_meta.ui.visibility` leaves `model` out. */
export function isAppOnly(definition: ToolDefinition): boolean {
  const ui = toolAppUi(definition);
  return ui !== null && !ui.visibility.includes('model');
}

/** The tool's renderable UI resource URI, or null (no UI, or one the host refuses). */
export function appResourceUriOf(definition: ToolDefinition): string | null {
  const ui = toolAppUi(definition);
  return ui?.ok && ui.resourceUri ? ui.resourceUri : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where main leaves what it fetched and checked of a tool's app on the definition object (core/mcp/app-resources.ts),
 * so the app is pinned with the tool: a changed resource changes the definition's hash, and the tool is quarantined
 * like any other drift. A symbol: a server's JSON can never set it, and it never travels over IPC.
 */
export const APP_UI_PIN: unique symbol = Symbol.for('switchboard.appUiPin');

/** The pinned projection of a tool's app; undefined for a tool without one (its hash stays what it always was). */
export function appUiPinOf(definition: ToolDefinition): Record<string, unknown> | undefined {
  const ui = toolAppUi(definition);
  if (!ui) return undefined;
  const fetched = (definition as { [APP_UI_PIN]?: Record<string, unknown> })[APP_UI_PIN];
  return {
    resourceUri: ui.resourceUri,
    visibility: [...ui.visibility],
    ...(ui.ok ? {} : { refused: ui.reason }),
    ...(fetched && { resource: fetched }),
  };
}
