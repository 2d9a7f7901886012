import type { Client } from '@modelcontextprotocol/client';
import type { Skill, SwitchboardConfig } from '../../../shared/config/schema';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import type { ServerSkillsListing, ServerSkillView, SkillSource } from '../../../shared/skills/server-skills';
import { Conflict, NotFound } from '../errors';
import type { EventSink } from '../events';
import type { ConnectionsSnapshot, ServerState } from '../mcp';
import { readServerSkills, SERVER_SKILL_LIMITS, type ReadSkill } from './read-server-skills';
import type { SkillPinStore } from './skill-pins';
import { errorText } from '../../../shared/error-text';

const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';
/** A listing's ttlMs is honoured within these bounds: a 0 or absent ttl schedules nothing (reconnects and rediscovery still list). */
const DEFAULT_REFRESH = { minMs: 1_000, maxMs: 60 * 60_000 };
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ServerSkillsDeps {
  connections: {
    snapshot(): ConnectionsSnapshot;
    client(server: string): Client | undefined;
    onChange(listener: (snapshot: ConnectionsSnapshot) => void): () => void;
  };
  config: { current(): SwitchboardConfig };
  pins: SkillPinStore;
  events?: EventSink;
  log?: (line: string) => void;
  now?: () => Date;
  limits?: { bytes: number; files: number; skills: number };
  refresh?: { minMs: number; maxMs: number };
}

interface Listing {
  /** The connection and discovery it was taken for: a new one lists again. */
  key: string;
  gen: number;
  state: ServerSkillsListing['state'];
  error: UiMessage | null;
  note: UiMessage | null;
  ttlMs: number | null;
  cacheScope: 'public' | 'private' | null;
  listedAt: string | null;
  nextListAt: string | null;
  timer: NodeJS.Timeout | undefined;
  skills: readonly ReadSkill[];
  done: Promise<void>;
}

export type ManualResult = { ok: true; server: string; name: string; body: string } | { ok: false; reason: UiMessage };

/**
 * The skills each connected server publishes (the MCP Skills extension): listed (every page) when the server connects or
 * is rediscovered, and again when the listing's ttlMs runs out; each file verified by the SDK; verified skills pinned at
 * first sight and quarantined when their digest changes. One server's failure (a refused listing, a bad entry) stays
 * with that server and that skill.
 */
export class ServerSkillsService {
  private readonly listings = new Map<string, Listing>();
  private readonly listeners = new Set<() => void>();
  private readonly stop: () => void;
  private readonly now: () => Date;
  private gen = 0;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(private readonly deps: ServerSkillsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.stop = deps.connections.onChange((snapshot) => this.sync(snapshot));
    this.sync(deps.connections.snapshot());
  }

  /** Every server's published skills, in config order, with their verification and pin state. */
  views(): ServerSkillView[] {
    const usedBy = new Map(
      this.deps.config
        .current()
        .skills.filter((s) => s.server)
        .map((s) => [`${s.server}\u0000${s.skill ?? s.name}`, s.name]),
    );
    const out: ServerSkillView[] = [];
    for (const [server, listing] of this.ordered()) {
      for (const skill of listing.skills)
        out.push(this.viewOf(server, skill, usedBy.get(`${server}\u0000${skill.name}`) ?? null));
    }
    return out;
  }

  listingViews(): ServerSkillsListing[] {
    return this.ordered().map(([server, l]) => ({
      server,
      state: l.state,
      error: l.error ?? l.note,
      ttlMs: l.ttlMs,
      cacheScope: l.cacheScope,
      listedAt: l.listedAt,
      nextListAt: l.nextListAt,
    }));
  }

  /** Where a config skill with `server:` gets its manual, and whether it can now. */
  sourceOf(skill: Pick<Skill, 'name' | 'server' | 'skill'>): SkillSource | undefined {
    if (!skill.server) return undefined;
    const server = skill.server;
    const name = skill.skill ?? skill.name;
    const listing = this.listings.get(server);
    const base = { server, skill: name };
    if (!listing) {
      const connected = this.deps.connections.snapshot().servers.find((s) => s.name === server)?.status === 'connected';
      return connected
        ? { ...base, state: 'missing', reason: say('serverSkill.missing', { server, skill: name }) }
        : { ...base, state: 'not-connected', reason: say('serverSkill.notConnected', { server }) };
    }
    if (listing.state === 'listing' && !listing.listedAt)
      return { ...base, state: 'not-listed', reason: say('serverSkill.notListed', { server }) };
    if (listing.state === 'failed') return { ...base, state: 'not-listed', reason: listing.error };
    const found = listing.skills.find((s) => s.name === name);
    if (!found) return { ...base, state: 'missing', reason: say('serverSkill.missing', { server, skill: name }) };
    const view = this.viewOf(server, found, skill.name);
    return { ...base, state: view.state, reason: view.reason };
  }

  /** A map of every config skill's source, for the catalog's explain. */
  sources(skills: readonly Skill[]): ReadonlyMap<string, SkillSource> {
    const out = new Map<string, SkillSource>();
    for (const skill of skills) {
      const source = this.sourceOf(skill);
      if (source) out.set(skill.name, source);
    }
    return out;
  }

  /** Verified server skills no config skill names, once per name (the first server in config order wins): load_skill offers them. */
  loadable(): { name: string; description: string; server: string }[] {
    const taken = new Set(this.deps.config.current().skills.map((s) => s.name));
    const out: { name: string; description: string; server: string }[] = [];
    for (const view of this.views()) {
      if (view.state !== 'verified' || taken.has(view.name)) continue;
      taken.add(view.name);
      out.push({ name: view.name, description: view.description, server: view.server });
    }
    return out;
  }

  /**
   * The first server skill named `name` that load_skill may not load, with its reason: quarantined (changed since its
   * pin, waiting for the operator) or refused. None when a config skill takes the name (that skill answers for itself).
   */
  withheld(name: string): { server: string; reason: UiMessage } | undefined {
    if (this.deps.config.current().skills.some((s) => s.name === name)) return undefined;
    const view = this.views().find((v) => v.name === name && v.state !== 'verified' && v.reason);
    return view?.reason ? { server: view.server, reason: view.reason } : undefined;
  }

  /** The SKILL.md body of a verified skill: the manual load_skill gives the model. */
  async manual(server: string, name: string): Promise<ManualResult> {
    // A listing under way (the server just connected, or its ttl ran out) is waited for: it bounds itself by the server's timeout.
    const pending = this.listings.get(server);
    if (pending?.state === 'listing') await pending.done;
    const source = this.sourceOf({ name, server, skill: name });
    if (!source || source.state !== 'verified')
      return { ok: false, reason: source?.reason ?? say('serverSkill.notConnected', { server }) };
    const found = this.listings.get(server)?.skills.find((s) => s.name === name);
    return { ok: true, server, name, body: found?.body ?? '' };
  }

  /** The operator trusts the version of a quarantined skill whose digest they reviewed. */
  accept(server: string, name: string, digest: string): ServerSkillView {
    const skill = this.listings.get(server)?.skills.find((s) => s.name === name);
    if (!skill || skill.refused || !skill.digest) throw new NotFound(say('serverSkill.notFound', { server, name }));
    if (skill.digest !== digest)
      throw new Conflict(say('serverSkill.changedAgain', { server, name, digest: skill.digest.slice(0, 12) }));
    if (this.deps.pins.get(server, name)?.digest === digest)
      throw new Conflict(say('serverSkill.nothingToAccept', { server, name }));
    this.deps.pins.accept(server, name, digest);
    this.changed(server);
    return this.viewOf(server, skill, null);
  }

  /** Lists one server's skills again now (or every server's). */
  async refresh(server?: string): Promise<void> {
    const names = server === undefined ? [...this.listings.keys()] : [server];
    for (const name of names) {
      const listing = this.listings.get(name);
      if (listing) this.list(name, listing.key);
    }
    await this.whenListed();
  }

  /** Resolves once every listing under way has finished. */
  async whenListed(): Promise<void> {
    for (;;) {
      const pending = [...this.listings.values()].filter((l) => l.state === 'listing');
      if (pending.length === 0) return;
      await Promise.all(pending.map((l) => l.done));
    }
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    this.abort.abort();
    for (const listing of this.listings.values()) clearTimeout(listing.timer);
    this.listeners.clear();
    await this.deps.pins.flush();
  }

  private ordered(): [string, Listing][] {
    const order = this.deps.connections.snapshot().servers.map((s) => s.name);
    return order.flatMap((name) => {
      const listing = this.listings.get(name);
      return listing ? [[name, listing] as [string, Listing]] : [];
    });
  }

  private viewOf(server: string, skill: ReadSkill, usedBy: string | null): ServerSkillView {
    const pin = skill.refused || !skill.digest ? undefined : this.deps.pins.get(server, skill.name);
    const held = pin !== undefined && pin.digest !== skill.digest;
    const reason =
      skill.refused ??
      (held
        ? say('serverSkill.changed', {
            pinnedAt: pin.pinnedAt,
            pinnedHash: pin.digest.slice(0, 12),
            currentHash: (skill.digest ?? '').slice(0, 12),
          })
        : null);
    return {
      server,
      name: skill.name,
      description: skill.description,
      uri: skill.uri,
      state: skill.refused ? 'refused' : held ? 'quarantined' : 'verified',
      digest: skill.digest,
      pinnedDigest: pin?.digest ?? null,
      pinnedAt: pin?.pinnedAt ?? null,
      files: skill.files,
      bytes: skill.bytes,
      reason,
      usedBy,
    };
  }

  private sync(snapshot: ConnectionsSnapshot): void {
    if (this.closed) return;
    const seen = new Set<string>();
    for (const state of snapshot.servers) {
      if (!publishesSkills(state)) continue;
      seen.add(state.name);
      const key = `${state.connectedAt}|${state.discoveredAt}`;
      if (this.listings.get(state.name)?.key !== key) this.list(state.name, key);
    }
    for (const [name, listing] of this.listings) {
      if (seen.has(name)) continue;
      clearTimeout(listing.timer);
      this.listings.delete(name);
      this.changed(name);
    }
  }

  private list(server: string, key: string): void {
    const client = this.deps.connections.client(server);
    if (!client) return;
    const before = this.listings.get(server);
    clearTimeout(before?.timer);
    const gen = ++this.gen;
    const timeoutMs =
      this.deps.config.current().agent.mcp.servers.find((s) => s.name === server)?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const listing: Listing = {
      key,
      gen,
      state: 'listing',
      error: null,
      note: null,
      ttlMs: before?.ttlMs ?? null,
      cacheScope: before?.cacheScope ?? null,
      listedAt: before?.listedAt ?? null,
      nextListAt: null,
      timer: undefined,
      // Until the new listing is in, the last one stands (a refresh does not make verified skills vanish).
      skills: before?.skills ?? [],
      done: Promise.resolve(),
    };
    this.listings.set(server, listing);
    listing.done = readServerSkills(client, {
      timeoutMs,
      signal: this.abort.signal,
      limits: this.deps.limits ?? SERVER_SKILL_LIMITS,
    }).then(
      (result) => {
        if (this.listings.get(server)?.gen !== gen) return;
        for (const skill of result.skills)
          if (!skill.refused && skill.digest) this.deps.pins.observe(server, skill.name, skill.digest);
        Object.assign(listing, {
          state: 'listed',
          skills: result.skills,
          note: result.note,
          ttlMs: result.ttlMs,
          cacheScope: result.cacheScope,
          listedAt: this.now().toISOString(),
        });
        this.schedule(server, listing);
        this.changed(server);
      },
      (error: unknown) => {
        if (this.listings.get(server)?.gen !== gen) return;
        const detail = errorText(error);
        this.deps.log?.(`[skills] ${server}: skills/list failed: ${detail}`);
        // The listing as a whole was refused: none of its skills can be trusted, the server's tools are untouched.
        Object.assign(listing, {
          state: 'failed',
          skills: [],
          error: say('serverSkill.listFailed', { detail }),
          listedAt: this.now().toISOString(),
        });
        this.changed(server);
      },
    );
    this.changed(server);
  }

  private schedule(server: string, listing: Listing): void {
    if (!listing.ttlMs || this.closed) return;
    const { minMs, maxMs } = this.deps.refresh ?? DEFAULT_REFRESH;
    const wait = Math.min(maxMs, Math.max(minMs, listing.ttlMs));
    listing.nextListAt = new Date(this.now().getTime() + wait).toISOString();
    listing.timer = setTimeout(() => {
      if (this.listings.get(server) === listing) this.list(server, listing.key);
    }, wait);
    listing.timer.unref();
  }

  private changed(server: string): void {
    this.deps.events?.emit('skills.serverSkillsChanged', { server });
    for (const listener of this.listeners) listener();
  }
}

function publishesSkills(state: ServerState): boolean {
  const extensions = (state.offeredCapabilities as { extensions?: Record<string, unknown> } | null)?.extensions;
  return (
    state.status === 'connected' &&
    typeof extensions?.[SKILLS_EXTENSION_ID] === 'object' &&
    extensions[SKILLS_EXTENSION_ID] !== null
  );
}
