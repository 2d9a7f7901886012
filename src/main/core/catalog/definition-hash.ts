import { hash } from 'node:crypto';
import {
  PINNED_FIELDS,
  pinnedDefinitionOf,
  type ByServerTool,
  type CatalogServerInput,
  type DefinitionFingerprint,
  type PinnedDefinition,
  type PinnedField,
  type PinnedFieldHashes,
  type ToolDefinition,
} from '../../../shared/catalog';
import { canonicalJson } from '../../../shared/canonical-json';
import { SLICE_MS, Slices } from '../slices';

/** One-shot: no Hash object per call (tool calls hash their arguments, discovery every definition). */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');

/**
 * The whole-definition hash is computed eagerly (it is what every resolve compares); the per-field
 * hashes only when asked, which is only for a definition that no longer matches its pin. That keeps a
 * 10,000-tool discovery at one canonical serialisation and one sha256 per tool.
 */
class Fingerprint implements DefinitionFingerprint {
  private perField: PinnedFieldHashes | undefined;
  constructor(
    readonly hash: string,
    private readonly pinned: PinnedDefinition,
  ) {}

  get fields(): PinnedFieldHashes {
    if (!this.perField) {
      const fields = {} as Record<PinnedField, string>;
      for (const field of PINNED_FIELDS)
        if (this.pinned[field] !== undefined) fields[field] = sha256(canonicalJson(this.pinned[field]));
      this.perField = Object.freeze(fields);
    }
    return this.perField;
  }
}

/** Fingerprint of an already-projected definition (a stored pin's). */
export const fingerprintPinned = (
  pinned: PinnedDefinition,
  hash: string = sha256(canonicalJson(pinned)),
): DefinitionFingerprint => new Fingerprint(hash, pinned);

// Definitions are immutable snapshots from one discovery: hash each object once, whatever resolves follow.
const byDefinition = new WeakMap<object, DefinitionFingerprint>();

/** sha256 of the canonical pinned projection (name, description, inputSchema, outputSchema, annotations); per-field hashes lazily. */
export function fingerprintOf(definition: ToolDefinition): DefinitionFingerprint {
  let fingerprint = byDefinition.get(definition);
  if (!fingerprint) {
    fingerprint = fingerprintPinned(pinnedDefinitionOf(definition));
    byDefinition.set(definition, fingerprint);
  }
  return fingerprint;
}

const byToolList = new WeakMap<readonly ToolDefinition[], ReadonlyMap<string, DefinitionFingerprint>>();

/** name -> fingerprint for one discovery; a name listed twice keeps its first definition, as the catalog does. */
export function fingerprintTools(tools: readonly ToolDefinition[]): ReadonlyMap<string, DefinitionFingerprint> {
  let map = byToolList.get(tools);
  if (map) return map;
  const built = new Map<string, DefinitionFingerprint>();
  for (const tool of tools) if (!built.has(tool.name)) built.set(tool.name, fingerprintOf(tool));
  map = built;
  byToolList.set(tools, map);
  return map;
}

const byServers = new WeakMap<readonly CatalogServerInput[], ByServerTool<DefinitionFingerprint>>();

/** The `current` half of the catalog's pin input: fingerprints of what connected servers offer, memoised per snapshot. */
export function fingerprintServers(servers: readonly CatalogServerInput[]): ByServerTool<DefinitionFingerprint> {
  let map = byServers.get(servers);
  if (map) return map;
  const built = new Map<string, ReadonlyMap<string, DefinitionFingerprint>>();
  for (const server of servers)
    if (server.status === 'connected') built.set(server.name, fingerprintTools(server.tools));
  map = built;
  byServers.set(servers, map);
  return map;
}

/**
 * Hashes a freshly discovered tool list before it is published, in slices that hand the event loop back: the
 * catalog then finds every fingerprint made (they are memoised per definition object). Where a definition no
 * longer matches its pin, the per-field hashes of both are made too, for the drift the catalog will report.
 * Otherwise a wide server whose every description changed would be hashed in one synchronous resolve.
 */
export async function warmFingerprints(
  tools: readonly ToolDefinition[],
  pinOf: (name: string) => { hash: string; fields: DefinitionFingerprint['fields'] } | undefined,
  sliceMs = SLICE_MS,
): Promise<void> {
  const slices = new Slices(sliceMs);
  for (const tool of tools) {
    const fingerprint = fingerprintOf(tool);
    const pin = pinOf(tool.name);
    if (pin && pin.hash !== fingerprint.hash) void [fingerprint.fields, pin.fields];
    if (slices.due) await slices.handBack();
  }
}
