import { z } from 'zod';
import {
  pinnedDefinitionOf,
  type AcceptedBinding,
  type ByServerTool,
  type CatalogServerInput,
  type DefinitionFingerprint,
  type PinnedDefinition,
  type ToolBinding,
  type ToolDefinition,
  type ToolPin,
} from '../../../shared/catalog';
import { pinnedDefinitionSchema } from '../../../shared/contract';
import { CoalescedFile, loadKeepingBackup, readPinFile } from './coalesced-file';
import { Slices } from '../slices';
import { fingerprintPinned, fingerprintTools } from './definition-hash';

export const PINS_FILE_NAME = 'pins.json';

const hash = z.string().min(1).max(128);
/** On disk: per-field hashes are not stored; they are derived from `definition` when a diff needs them. */
const storedPinSchema = z.object({
  hash,
  pinnedAt: z.string(),
  definition: pinnedDefinitionSchema,
  rejectedHash: hash.nullable().optional(),
  rejectedAt: z.string().nullable().optional(),
});
type StoredPin = ToolPin & { rejectedAt?: string | null };
type PinRecord = Omit<StoredPin, 'fields'>;

/**
 * A pin whose `fields` are hashed from its definition on first read (only a drifted tool is ever asked).
 * A class, not a literal with an own getter: the catalog reads `hash` for every mounted tool on every
 * resolve, and prototype accessors keep these objects on V8's fast property path.
 */
class Pin implements StoredPin {
  readonly hash: string;
  readonly pinnedAt: string;
  readonly definition: PinnedDefinition;
  readonly rejectedHash: string | null;
  readonly rejectedAt: string | null;
  private fingerprint: DefinitionFingerprint | undefined;

  constructor(record: PinRecord) {
    this.hash = record.hash;
    this.pinnedAt = record.pinnedAt;
    this.definition = record.definition;
    this.rejectedHash = record.rejectedHash ?? null;
    this.rejectedAt = record.rejectedAt ?? null;
  }

  get fields(): DefinitionFingerprint['fields'] {
    return (this.fingerprint ??= fingerprintPinned(this.definition, this.hash)).fields;
  }
}

const makePin = (record: PinRecord): StoredPin => new Pin(record);

/**
 * A pin taken before MCP Apps were pinned (its definition has no `ui`) of a tool that now has an app, the rest
 * unchanged: the app's first sight, trusted and pinned like any first sight, rather than every app tool quarantined
 * once after an upgrade. Any other field that moved still quarantines.
 */
function firstSightOfApp(pin: StoredPin, current: DefinitionFingerprint): boolean {
  if (pin.definition.ui !== undefined || current.fields.ui === undefined || pin.hash === current.hash) return false;
  return (['name', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const).every(
    (field) => pin.fields[field] === current.fields[field],
  );
}

const recordOf = (pin: StoredPin): PinRecord => ({
  hash: pin.hash,
  pinnedAt: pin.pinnedAt,
  definition: pin.definition,
  rejectedHash: pin.rejectedHash ?? null,
  rejectedAt: pin.rejectedAt ?? null,
});
const acceptedBindingSchema = z.object({
  server: z.string().min(1),
  acceptedAt: z.string(),
  readOnly: z.boolean(),
  rejectedServer: z.string().nullable().optional(),
  rejectedAt: z.string().nullable().optional(),
});
type StoredBinding = AcceptedBinding & { rejectedAt?: string | null };
/** `bindings` came later: a file without it has no accepted bindings yet (each is taken when next bound). */
const pinFileSchema = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), z.record(z.string(), z.unknown())),
  bindings: z.record(z.string(), z.unknown()).optional(),
});
const readOnlyOf = (definition: PinnedDefinition): boolean => definition.annotations?.readOnlyHint === true;

export interface PinStoreOptions {
  /** Where pins persist; undefined keeps them in memory only (tests). */
  path?: string;
  log?: (line: string) => void;
  now?: () => Date;
}

/**
 * The operator-trusted tool definitions, per (server, tool). The view handed to the catalog is
 * immutable: every change copies the outer map and the one server's inner map, so a catalog
 * snapshot (whose entries are built lazily) never sees a pin taken after it was resolved.
 * Writes go to `pins.json` atomically (temp file + fsync + rename, previous copy kept as .bak),
 * coalesced: a burst of changes during one write costs one more write.
 */
export class PinStore {
  private pins: Map<string, ReadonlyMap<string, StoredPin>> = new Map();
  /** toolId -> the server an operator accepted for it; replaced (never mutated) on change, like `pins`. */
  private bindings: ReadonlyMap<string, StoredBinding> = new Map();
  private readonly file: CoalescedFile;
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  /** Tool lists already checked for first sight; each discovery yields a new array. */
  private readonly seen = new WeakSet<readonly ToolDefinition[]>();
  private firstSightCount = 0;

  private constructor(private readonly options: PinStoreOptions) {
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? (() => new Date());
    this.file = new CoalescedFile(options.path, () => pinFileText(this.pins, this.bindings), this.log);
  }

  static inMemory(options: Omit<PinStoreOptions, 'path'> = {}): PinStore {
    return new PinStore(options);
  }

  /**
   * Loads `path` (or its .bak if the file is damaged). A file that cannot be read at all is moved
   * aside rather than overwritten, and the store starts empty: every tool is then trusted on first use again.
   */
  static async open(options: PinStoreOptions & { path: string }): Promise<PinStore> {
    const store = new PinStore(options);
    await loadKeepingBackup(
      options.path,
      (candidate) => store.load(candidate),
      store.log,
      'and starting with no pins (every tool is trusted on first use again)',
    );
    return store;
  }

  view(): ByServerTool<ToolPin> {
    return this.pins;
  }

  /** The accepted server of each toolId, for the catalog's move check. */
  bindingsView(): ReadonlyMap<string, AcceptedBinding> {
    return this.bindings;
  }

  /**
   * Records the server of each binding the catalog reports as unrecorded: a toolId bound for the first time (trust
   * on first use, as for definitions) or moved by a node's `server:` (the operator's edit). A first binding waits
   * while a server earlier in config order is still connecting, so a start-up race does not decide who serves it.
   * `readOnly` is the binding's own, which never exceeds what was accepted before. Returns how many were recorded.
   */
  recordBindings(bindings: readonly ToolBinding[], servers: readonly CatalogServerInput[]): number {
    if (bindings.length === 0) return 0;
    const order = new Map(servers.map((s, i) => [s.name, i]));
    const firstConnecting = servers.findIndex((s) => s.status === 'connecting');
    let next: Map<string, StoredBinding> | undefined;
    let recorded = 0;
    const at = this.now().toISOString();
    for (const binding of bindings) {
      const known = this.bindings.get(binding.toolId);
      if (known?.server === binding.server) continue;
      if (!known && firstConnecting >= 0 && firstConnecting < (order.get(binding.server) ?? Infinity)) continue;
      (next ??= new Map(this.bindings)).set(binding.toolId, {
        server: binding.server,
        acceptedAt: at,
        readOnly: binding.readOnly,
        rejectedServer: null,
      });
      recorded++;
    }
    if (!next) return 0;
    this.bindings = next;
    this.persist();
    return recorded;
  }

  /** The operator accepts that `server` now serves `toolId`. A read-only claim never outranks an accepted write. */
  acceptMove(toolId: string, server: string): AcceptedBinding {
    const known = this.bindings.get(toolId);
    const pin = this.get(server, toolId);
    const readOnly = (known?.readOnly ?? true) && pin !== undefined && readOnlyOf(pin.definition);
    const accepted: StoredBinding = {
      server,
      acceptedAt: this.now().toISOString(),
      readOnly,
      rejectedServer: null,
      rejectedAt: null,
    };
    this.bindings = new Map(this.bindings).set(toolId, accepted);
    this.persist();
    return accepted;
  }

  /** The operator refuses that `server` serves `toolId`: it stays held, and is not asked about again while `server` would serve it. */
  rejectMove(toolId: string, server: string): void {
    const known = this.bindings.get(toolId);
    if (!known) throw new Error(`no accepted binding for ${toolId}`);
    this.bindings = new Map(this.bindings).set(toolId, {
      ...known,
      rejectedServer: server,
      rejectedAt: this.now().toISOString(),
    });
    this.persist();
  }
  get(server: string, toolId: string): ToolPin | undefined {
    return this.pins.get(server)?.get(toolId);
  }

  /** Trust on first use: pins every offered tool of a connected server that has no pin yet. Returns how many were pinned. */
  pinFirstSight(servers: readonly CatalogServerInput[]): number {
    let added = 0;
    for (const server of servers) {
      if (server.status !== 'connected' || this.seen.has(server.tools)) continue;
      this.seen.add(server.tools);
      const known = this.pins.get(server.name);
      const fingerprints = fingerprintTools(server.tools);
      let next: Map<string, StoredPin> | undefined;
      for (const tool of server.tools) {
        const pinned = known?.get(tool.name);
        if (next?.has(tool.name) || (pinned && !firstSightOfApp(pinned, fingerprints.get(tool.name)!))) continue;
        next ??= new Map(known);
        next.set(tool.name, this.pinOf(fingerprints.get(tool.name)!, tool));
        added++;
      }
      if (next) this.replace(server.name, next);
    }
    if (added) this.persist();
    this.firstSightCount += added;
    return added;
  }

  /** How many definitions were pinned at first sight since the store opened (a one-shot command reports it). */
  get pinnedAtFirstSight(): number {
    return this.firstSightCount;
  }

  /**
   * Re-pins to `definition` (operator accepted it), clearing any rejection. On the toolId's accepted server, the
   * accepted read-only status follows the reviewed definition: the operator saw its annotations in the diff.
   */
  accept(server: string, definition: ToolDefinition, fingerprint: DefinitionFingerprint): ToolPin {
    const pin = this.pinOf(fingerprint, definition);
    const known = this.bindings.get(definition.name);
    if (known?.server === server && known.readOnly !== readOnlyOf(pin.definition))
      this.bindings = new Map(this.bindings).set(definition.name, { ...known, readOnly: readOnlyOf(pin.definition) });
    this.update(server, definition.name, pin);
    return pin;
  }

  /** Keeps the pin and records that the operator rejected `rejectedHash`. */
  reject(server: string, toolId: string, rejectedHash: string): void {
    const pin = this.pins.get(server)?.get(toolId);
    if (!pin) throw new Error(`no pin for ${toolId} on ${server}`);
    this.update(server, toolId, makePin({ ...recordOf(pin), rejectedHash, rejectedAt: this.now().toISOString() }));
  }

  /** Resolves when everything changed so far is on disk. */
  async flush(): Promise<void> {
    await this.file.flush();
  }

  private pinOf(fingerprint: DefinitionFingerprint, definition: ToolDefinition): StoredPin {
    return makePin({
      hash: fingerprint.hash,
      pinnedAt: this.now().toISOString(),
      definition: pinnedDefinitionOf(definition),
      rejectedHash: null,
    });
  }

  private update(server: string, toolId: string, pin: StoredPin): void {
    const next = new Map(this.pins.get(server));
    next.set(toolId, pin);
    this.replace(server, next);
    this.persist();
  }

  private replace(server: string, inner: Map<string, StoredPin>): void {
    const outer = new Map(this.pins);
    outer.set(server, inner);
    this.pins = outer;
  }

  private persist(): void {
    this.file.request();
  }

  private async load(path: string): Promise<'ok' | 'missing' | 'bad'> {
    const read = await readPinFile(path, pinFileSchema);
    if (read === 'bad') this.log(`[pins] ${path} is not a valid pin file`);
    if (typeof read === 'string') return read;
    const file = read.data;
    const pins = new Map<string, ReadonlyMap<string, StoredPin>>();
    const slices = new Slices();
    for (const [server, tools] of Object.entries(file.servers)) {
      const inner = new Map<string, StoredPin>();
      for (const [toolId, raw] of Object.entries(tools)) {
        if (slices.due) await slices.handBack(); // every pin is checked (zod): thousands are not checked in one go
        const parsed = storedPinSchema.safeParse(raw);
        // One damaged entry loses only that pin: the tool is trusted again on its next sight.
        if (parsed.success) inner.set(toolId, makePin(parsed.data));
        else this.log(`[pins] ${path}: skipping the damaged pin of ${toolId} on ${server}`);
      }
      pins.set(server, inner);
    }
    this.pins = pins;
    const bindings = new Map<string, StoredBinding>();
    for (const [toolId, raw] of Object.entries(file.bindings ?? {})) {
      if (slices.due) await slices.handBack();
      const parsed = acceptedBindingSchema.safeParse(raw);
      // A damaged entry loses only that toolId's accepted server: it is taken again when next bound.
      if (parsed.success) bindings.set(toolId, parsed.data);
      else this.log(`[pins] ${path}: skipping the damaged accepted binding of ${toolId}`);
    }
    this.bindings = bindings;
    return 'ok';
  }
}

/**
 * pins.json's text, one pin (or accepted binding) per line, serialised in slices: the file of a 10,000-tool server
 * is megabytes, and one JSON.stringify of it all held the event loop for tens of milliseconds. The maps are immutable
 * views (every change replaces them), so the snapshot taken here does not move under the slices.
 */
export async function pinFileText(
  pins: ByServerTool<StoredPin>,
  bindings: ReadonlyMap<string, AcceptedBinding>,
): Promise<string> {
  const parts: string[] = [];
  const slices = new Slices();
  const entry = async (key: string, value: unknown, last: boolean) => {
    parts.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${last ? '' : ','}\n`);
    if (slices.due) await slices.handBack();
  };
  parts.push('{"version": 1,\n"servers": {\n');
  let server = 0;
  for (const [name, tools] of pins) {
    parts.push(` ${JSON.stringify(name)}: {\n`);
    let tool = 0;
    for (const [toolId, pin] of tools) await entry(toolId, recordOf(pin), ++tool === tools.size);
    parts.push(` }${++server === pins.size ? '' : ','}\n`);
  }
  parts.push('},\n"bindings": {\n');
  let binding = 0;
  for (const [toolId, accepted] of bindings) await entry(toolId, accepted, ++binding === bindings.size);
  parts.push('}}\n');
  return parts.join('');
}
