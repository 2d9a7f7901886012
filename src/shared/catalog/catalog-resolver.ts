import { RESERVED_TOOL_NAMES } from '../config/schema';
import { offerMapInSteps, type OfferMap } from './catalog-entries';
import { leafFactsOf, Replacements, sameGates, samePins, saySame, type LeafFacts } from './carry-over';
import { DEFAULT_MAX_DESCRIPTION_BYTES } from './description-cap';
import { indexIntents, indexSkills, type SkillIndex } from './intent-index';
import { localToolDefinitions } from './local-tools';
import { NO_OFFERS, offersFor, withOffer } from './offers';
import {
  Held,
  isUnrecorded,
  resolveTool,
  summarizeHealth,
  type Outcome,
  type ServerHealth,
  type ToolContext,
} from './resolve-tool';
import { SortedBindings } from './sorted-bindings';
import {
  assemble,
  catalogOf,
  catalogSkills,
  skillsAgain,
  schemaLimitOf,
  type Caches,
  type State,
  type Parts,
} from './catalog-assembly';
import { STEP, Stepped, type Steps } from './stepped';
import type {
  Catalog,
  CatalogInput,
  CatalogServer,
  CatalogServerInput,
  CatalogSkill,
  ToolBinding,
  UnavailableTool,
} from './types';

/**
 * Resolves catalog inputs one after the other, reusing what the previous resolve built. Owned by whoever
 * resolves repeatedly (CatalogService); `resolveCatalog` is one resolve with a fresh resolver.
 */
export interface CatalogResolver {
  resolve(input: CatalogInput): Catalog;
  /**
   * The same resolve as work in steps, for an owner that runs it in slices (`runUntil`) and calls `finish()` when
   * the catalog is needed now. A resolve begun is always completed before the next one starts (the resolver patches
   * its own state in place): `begin` or `resolve` with another input first finishes the one in progress.
   */
  begin(input: CatalogInput): ResolveJob;
}

export interface ResolveJob extends Stepped<Catalog> {
  readonly input: CatalogInput;
}

const resolved = (input: CatalogInput, catalog: Catalog): ResolveJob =>
  Object.assign(
    new Stepped(
      // eslint-disable-next-line require-yield -- nothing left to do: a job that is already finished
      (function* () {
        return catalog;
      })(),
    ),
    { input },
  );

/**
 * Each input is an immutable snapshot replaced only when it changes: the servers array when a connection or a
 * discovery changes (and, inside it, only the state object of the server that changed), the intents and skills
 * arrays when the config does, the pin maps per server when a pin changes. So after one server's rediscovery
 * only the toolIds that server offered or offers are resolved again: the cost follows that server's tools, not
 * the catalog's. A config edit naming the same tools keeps each toolId whose nodes and gates read the same
 * (carry-over.ts); anything else resolves every configured toolId, reusing each binding whose inputs are unchanged.
 */
export function createCatalogResolver(): CatalogResolver {
  let state: State | undefined;
  // Explicit caches, owned here: the servers' views per state object, every offered name per servers array.
  const views = new WeakMap<CatalogServerInput, CatalogServer>();
  const offerMaps = new WeakMap<readonly CatalogServerInput[], Stepped<OfferMap>>();
  const caches: Caches = {
    view(server) {
      let view = views.get(server);
      if (!view) {
        view = {
          name: server.name,
          status: server.status,
          error: server.error ?? null,
          tools: server.status === 'connected' ? server.tools.map((t) => t.name) : [],
          refused: server.status === 'connected' ? (server.refusedTools ?? []) : [],
        };
        views.set(server, view);
      }
      return view;
    },
    offerMap(servers) {
      let map = offerMaps.get(servers);
      if (!map) offerMaps.set(servers, (map = new Stepped(offerMapInSteps(servers))));
      return map;
    },
  };
  let pending: ResolveJob | undefined;
  function* job(steps: Steps<State>): Steps<Catalog> {
    state = yield* steps;
    pending = undefined;
    return state.catalog;
  }
  const begin = (input: CatalogInput): ResolveJob => {
    if (pending?.input === input) return pending;
    pending?.finish();
    if (state?.input === input) return resolved(input, state.catalog);
    const steps = state && patchable(state, input) ? patch(state, input, caches) : rebuild(state, input, caches);
    return (pending = Object.assign(new Stepped(job(steps)), { input }));
  };
  return { begin, resolve: (input) => begin(input).finish() };
}

const limitOf = (input: CatalogInput) => input.maxDescriptionBytes ?? DEFAULT_MAX_DESCRIPTION_BYTES;
const reservedOf = (input: CatalogInput) => input.reserved ?? RESERVED_TOOL_NAMES;

function patchable(prev: State, input: CatalogInput): boolean {
  const before = prev.input;
  if (
    before.intents !== input.intents ||
    before.skills !== input.skills ||
    reservedOf(before) !== reservedOf(input) ||
    prev.limit !== limitOf(input)
  )
    return false;
  if (schemaLimitOf(before) !== schemaLimitOf(input)) return false;
  if (!before.pins !== !input.pins || !before.pins?.bindings !== !input.pins?.bindings) return false;
  if (before.servers.length !== input.servers.length) return false;
  return before.servers.every((server, i) => server.name === input.servers[i].name);
}

function context(input: CatalogInput, skills: SkillIndex, reserved: ReadonlySet<string>, limit: number): ToolContext {
  let health: ServerHealth | undefined;
  return {
    input,
    gates: skills.gates,
    reserved,
    maxDescriptionBytes: limit,
    maxSchemaBytes: schemaLimitOf(input),
    health: () => (health ??= summarizeHealth(input.servers)),
  };
}

/**
 * Everything resolved again (reusing unchanged bindings): the first resolve, a config edit, servers added, removed or
 * reordered. A config edit naming the same tools on the same servers and pins keeps each toolId whose nodes and gates
 * read the same, and splices the rest into the last lists when every toolId is bound or held as before.
 */
function* rebuild(prev: State | undefined, input: CatalogInput, caches: Caches): Steps<State> {
  const intents = prev?.input.intents === input.intents ? prev.intents : indexIntents(input.intents, prev?.intents);
  const skills = prev?.input.skills === input.skills ? prev.skills : indexSkills(input.skills, prev?.skills);
  const reserved = prev && reservedOf(prev.input) === reservedOf(input) ? prev.reserved : new Set(reservedOf(input));
  const limit = limitOf(input);
  // The offers depend on the servers and the configured names only: a config edit naming the same tools keeps them.
  const offers =
    prev && prev.intents.configured === intents.configured && prev.input.servers === input.servers
      ? prev.offers
      : offersFor(input.servers, intents);
  const ctx = context(input, skills, reserved, limit);
  const { configured, configuredNodes } = intents;
  const aligned = prev?.intents.configured === configured;
  const reuse = prev !== undefined && prev.limit === limit;
  const carried =
    reuse && aligned && offers === prev.offers && reserved === prev.reserved && samePins(prev.input.pins, input.pins)
      ? prev
      : undefined;
  const results: Outcome[] = new Array<Outcome>(configured.length);
  const leafFacts = new Array<LeafFacts>(configured.length);
  const unrecorded = new Set<number>();
  const changes = new Replacements();
  for (let p = 0; p < configured.length; p++) {
    if (p % STEP === STEP - 1) yield;
    const before = carried?.leafFacts[p];
    if (carried && before && saySame(configuredNodes[p], before) && sameGates(configured[p], carried.skills, skills)) {
      leafFacts[p] = before;
      results[p] = carried.results[p];
      if (carried.unrecorded.has(p)) unrecorded.add(p);
      continue;
    }
    leafFacts[p] = leafFactsOf(configuredNodes[p]);
    let previous: ToolBinding | undefined;
    if (reuse) {
      const last = aligned ? prev.results[p] : prev.catalog.bindingsByToolId.get(configured[p]);
      previous = last instanceof Held ? undefined : last;
    }
    const outcome = (results[p] = resolveTool(ctx, configured[p], configuredNodes[p], offers[p], previous));
    if (isUnrecorded(input, outcome)) unrecorded.add(p);
    if (carried && outcome !== carried.results[p]) changes.note(p, carried.results[p], outcome);
  }
  const localTools =
    input.localTools ?? (prev?.input.skills === input.skills ? prev.localTools : localToolDefinitions(input.skills));
  const parts: Parts = { input, intents, skills, reserved, limit, localTools, offers, results, unrecorded, leafFacts };
  if (!carried || changes.membership) return yield* assemble(parts, prev?.catalog, caches);
  const skillList =
    input.skills === carried.input.skills
      ? carried.catalog.skills
      : skills === carried.skills
        ? skillsAgain(input, carried.catalog.skills)
        : catalogSkills(parts);
  return yield* splice(carried, { ...carried, ...parts }, changes, skillList, caches);
}

/**
 * Only what changed: the toolIds a changed server offered or offers, the tools of a server whose pins changed,
 * the toolIds whose accepted binding changed, and (when a server's status changed) the unavailable ones, whose
 * reasons name the servers that are down.
 */
function* patch(prev: State, input: CatalogInput, caches: Caches): Steps<State> {
  const { intents, offers, results, unrecorded, marks } = prev;
  const { position, configured, configuredNodes } = intents;
  const epoch = prev.epoch + 1;
  const affected: number[] = [];
  const mark = (p: number | undefined) => {
    if (p === undefined || marks[p] === epoch) return;
    marks[p] = epoch;
    affected.push(p);
  };
  let recheckHeld = false;
  const pinsChanged = new Set<string>();
  const before = prev.input;
  const pinsBefore = before.pins;
  const pinsNow = input.pins;
  let work = 0;
  for (let order = 0; order < input.servers.length; order++) {
    const server = input.servers[order];
    const old = before.servers[order];
    if (old !== server) {
      if (old.status !== server.status || (old.error ?? null) !== (server.error ?? null)) recheckHeld = true;
      if (old.tools !== server.tools || old.status !== server.status) {
        if (old.status === 'connected')
          for (const definition of old.tools) {
            if (++work % STEP === 0) yield;
            const p = position.get(definition.name);
            if (p === undefined) continue;
            const list = offers[p];
            if (list.some((o) => o.order === order))
              offers[p] = list.length === 1 ? NO_OFFERS : list.filter((o) => o.order !== order);
            mark(p);
          }
        if (server.status === 'connected')
          for (const definition of server.tools) {
            if (++work % STEP === 0) yield;
            const p = position.get(definition.name);
            if (p === undefined || offers[p].some((o) => o.order === order)) continue; // listed twice: the first counts
            offers[p] = withOffer(offers[p], { server: server.name, order, definition });
            mark(p);
          }
      }
    }
    if (pinsNow && pinsBefore && pinsNow !== pinsBefore) {
      const { name } = server;
      if (
        pinsNow.pins.get(name) !== pinsBefore.pins.get(name) ||
        pinsNow.current.get(name) !== pinsBefore.current.get(name)
      ) {
        pinsChanged.add(name);
        if (server.status === 'connected')
          for (const definition of server.tools) {
            if (++work % STEP === 0) yield;
            mark(position.get(definition.name));
          }
      }
    }
  }
  const acceptedBefore = pinsBefore?.bindings;
  const acceptedNow = pinsNow?.bindings;
  if (acceptedBefore && acceptedNow && acceptedBefore !== acceptedNow) {
    // Changes only when a binding is first recorded or an operator moves one: a diff of the two maps.
    for (const [toolId, accepted] of acceptedNow)
      if (acceptedBefore.get(toolId) !== accepted) mark(position.get(toolId));
    for (const toolId of acceptedBefore.keys()) if (!acceptedNow.has(toolId)) mark(position.get(toolId));
  }
  // A status change rewrites the reasons of unavailable tools (they name the servers that are down); a pin change
  // on a server rewrites the diff of each move away from it. Both are the held tools only, never the bound ones.
  if (recheckHeld) for (const p of prev.unavailablePositions) mark(p);
  else if (pinsChanged.size > 0)
    for (const p of prev.unavailablePositions) {
      const moved = (results[p] as Held).quarantined?.quarantine.moved;
      if (moved && pinsChanged.has(moved.from)) mark(p);
    }

  const ctx = context(input, prev.skills, prev.reserved, prev.limit);
  const changes = new Replacements();
  for (let i = 0; i < affected.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const p = affected[i];
    const old = results[p];
    const next = resolveTool(ctx, configured[p], configuredNodes[p], offers[p], old instanceof Held ? undefined : old);
    if (isUnrecorded(input, next)) unrecorded.add(p);
    else unrecorded.delete(p);
    if (next === old) continue;
    results[p] = next;
    changes.note(p, old, next);
  }
  const next: State = { ...prev, input, offers, results, unrecorded };
  if (changes.membership) return { ...(yield* assemble(next, prev.catalog, caches)), marks, epoch };
  return { ...(yield* splice(prev, next, changes, prev.catalog.skills, caches)), epoch };
}

/** The same toolIds bound as before: copy the two lists (a memcpy) and put the new outcomes in place. */
function* splice(
  prev: State,
  next: State,
  changes: Replacements,
  skills: readonly CatalogSkill[],
  caches: Caches,
): Steps<State> {
  const { positions } = changes;
  const { results } = next;
  const old = prev.catalog;
  let bindings = old.bindings;
  let unavailable = old.unavailable;
  let quarantinedByToolId = old.quarantinedByToolId;
  for (let i = 0; i < positions.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const p = positions[i];
    const outcome = results[p];
    if (outcome instanceof Held) {
      if (unavailable === old.unavailable) unavailable = old.unavailable.slice();
      (unavailable as UnavailableTool[])[prev.unavailableAt[p]] = outcome.item;
    } else {
      if (bindings === old.bindings) bindings = old.bindings.slice();
      (bindings as ToolBinding[])[prev.bindingAt[p]] = outcome;
    }
  }
  if (changes.quarantines) {
    const map = new Map(old.quarantinedByToolId);
    for (let i = 0; i < positions.length; i++) {
      if (i % STEP === STEP - 1) yield;
      const p = positions[i];
      const outcome = results[p];
      const toolId = next.intents.configured[p];
      if (outcome instanceof Held && outcome.quarantined) map.set(toolId, outcome.quarantined);
      else map.delete(toolId);
    }
    quarantinedByToolId = map;
  }
  const lookup = bindings === old.bindings ? old.bindingsByToolId : new SortedBindings(bindings);
  return { ...next, catalog: catalogOf(next, { bindings, lookup, unavailable, quarantinedByToolId, skills }, caches) };
}
