import { entriesInSteps, type OfferMap } from './catalog-entries';
import type { LeafFacts } from './carry-over';
import { DEFAULT_MAX_SCHEMA_BYTES } from './schema-cap';
import type { IntentIndex, SkillIndex } from './intent-index';
import { Held, type Offer, type Outcome } from './resolve-tool';
import { SortedBindings } from './sorted-bindings';
import { STEP, Stepped, type Steps } from './stepped';
import type {
  Catalog,
  CatalogEntry,
  CatalogInput,
  CatalogServer,
  CatalogServerInput,
  CatalogSkill,
  ModelToolDefinition,
  QuarantinedTool,
  ToolBinding,
  UnavailableTool,
} from './types';

/*
 * The catalog a resolve hands out, assembled from its outcomes (one per configured toolId, in sorted order), and
 * the state a resolve leaves for the next (catalog-resolver.ts).
 */

/** A catalog's reconciliation rows as work in steps (built on first read otherwise), so its owner can build them ahead in slices. */
export function entriesWork(catalog: Catalog): Stepped<readonly CatalogEntry[]> | undefined {
  return entryWork.get(catalog);
}
const entryWork = new WeakMap<Catalog, Stepped<readonly CatalogEntry[]>>();

export interface Caches {
  view(server: CatalogServerInput): CatalogServer;
  offerMap(servers: readonly CatalogServerInput[]): Stepped<OfferMap>;
}

/** What one resolve leaves for the next. `offers`, `results` and `marks` are this resolver's own and patched in place; nothing a catalog holds is ever mutated. */
export interface State {
  input: CatalogInput;
  intents: IntentIndex;
  skills: SkillIndex;
  reserved: ReadonlySet<string>;
  limit: number;
  localTools: readonly ModelToolDefinition[];
  /** Aligned with intents.configured: the connected servers offering it, in config order. */
  offers: (readonly Offer[])[];
  /** Aligned with intents.configured. */
  results: Outcome[];
  /** Aligned with intents.configured: what its nodes said when resolved (carry-over.ts). */
  leafFacts: readonly LeafFacts[];
  /** Configured position -> index in catalog.bindings / catalog.unavailable, or -1. */
  bindingAt: Int32Array;
  unavailableAt: Int32Array;
  /** catalog.unavailable's positions, in order. */
  unavailablePositions: number[];
  /** Positions whose binding's server pins.bindings does not hold. */
  unrecorded: Set<number>;
  marks: Uint32Array;
  epoch: number;
  catalog: Catalog;
}

export const schemaLimitOf = (input: CatalogInput) => input.maxSchemaBytes ?? DEFAULT_MAX_SCHEMA_BYTES;

export type Parts = Pick<
  State,
  | 'input'
  | 'intents'
  | 'skills'
  | 'reserved'
  | 'limit'
  | 'localTools'
  | 'offers'
  | 'results'
  | 'unrecorded'
  | 'leafFacts'
>;

/** The catalog from every outcome, in configured (sorted) order. */
export function* assemble(parts: Parts, previous: Catalog | undefined, caches: Caches): Steps<State> {
  const { intents, results } = parts;
  const n = intents.configured.length;
  let bindings: readonly ToolBinding[] = [];
  const unavailable: UnavailableTool[] = [];
  const unavailablePositions: number[] = [];
  const bindingAt = new Int32Array(n).fill(-1);
  const unavailableAt = new Int32Array(n).fill(-1);
  const quarantinedByToolId = new Map<string, QuarantinedTool>();
  for (let p = 0; p < n; p++) {
    if (p % STEP === STEP - 1) yield;
    const outcome = results[p];
    if (outcome instanceof Held) {
      unavailableAt[p] = unavailable.length;
      unavailable.push(outcome.item);
      unavailablePositions.push(p);
      if (outcome.quarantined) quarantinedByToolId.set(intents.configured[p], outcome.quarantined);
    } else {
      bindingAt[p] = bindings.length;
      (bindings as ToolBinding[]).push(outcome);
    }
  }
  let lookup: ReadonlyMap<string, ToolBinding>;
  // The same bindings as the last resolve (a change that touched none of them): share its list and lookup.
  if (previous && sameItems(previous.bindings, bindings)) ({ bindings, bindingsByToolId: lookup } = previous);
  else lookup = new SortedBindings(bindings);
  const catalog = catalogOf(
    parts,
    { bindings, lookup, unavailable, quarantinedByToolId, skills: catalogSkills(parts) },
    caches,
  );
  return { ...parts, bindingAt, unavailableAt, unavailablePositions, marks: new Uint32Array(n), epoch: 0, catalog };
}

export function catalogSkills({ input, intents, results }: Parts): CatalogSkill[] {
  const bound = (toolId: string) => {
    const p = intents.position.get(toolId);
    return p !== undefined && !(results[p] instanceof Held);
  };
  return input.skills.map((skill) => ({
    name: skill.name,
    description: skill.description,
    unlocks: skill.unlocks,
    unlocksUnbound: skill.unlocks.filter((toolId) => !bound(toolId)),
  }));
}

/**
 * The skills again when they name and unlock the same as `last`'s (one skill index) and no toolId moved between
 * bound and held: each keeps its unbound list, and only the texts are the new input's. Checking every unlocked toolId
 * again looked up a re-parse's new strings, each hashed first.
 */
export const skillsAgain = (input: CatalogInput, last: readonly CatalogSkill[]): CatalogSkill[] =>
  input.skills.map((skill, i) => ({
    name: skill.name,
    description: skill.description,
    unlocks: skill.unlocks,
    unlocksUnbound: last[i].unlocksUnbound,
  }));

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

interface Outputs {
  bindings: readonly ToolBinding[];
  lookup: ReadonlyMap<string, ToolBinding>;
  unavailable: readonly UnavailableTool[];
  quarantinedByToolId: ReadonlyMap<string, QuarantinedTool>;
  skills: readonly CatalogSkill[];
}

export function catalogOf(parts: Parts, out: Outputs, caches: Caches): Catalog {
  const { input, intents, skills, reserved, limit, results, unrecorded } = parts;
  // The reconciliation rows are for the console and CLI, not the agent loop: built on first read (or ahead, in
  // slices, by the owner: entriesWork), from this snapshot's parts only.
  function* buildRows(): Steps<readonly CatalogEntry[]> {
    const sources = {
      offerMap: caches.offerMap(input.servers),
      nodesByToolId: intents.nodesByToolId,
      configured: intents.configured,
      gates: skills.gates,
      reserved,
      bindingsByToolId: out.lookup,
      quarantinedByToolId: out.quarantinedByToolId,
      unavailable: out.unavailable,
      maxDescriptionBytes: limit,
      maxSchemaBytes: schemaLimitOf(input),
    };
    return Object.freeze(yield* entriesInSteps(sources));
  }
  const rows = new Stepped(buildRows());
  const catalog: Catalog = Object.freeze({
    servers: input.servers.map(caches.view),
    bindings: out.bindings,
    unavailable: out.unavailable,
    get entries() {
      return rows.finish();
    },
    skills: out.skills,
    localTools: input.localTools ?? parts.localTools,
    reserved: [...reserved],
    bindingsByToolId: out.lookup,
    quarantinedByToolId: out.quarantinedByToolId,
    unrecordedBindings: [...unrecorded].map((p) => results[p] as ToolBinding),
  });
  entryWork.set(catalog, rows);
  return catalog;
}
