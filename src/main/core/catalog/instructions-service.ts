import type { SwitchboardConfig } from '../../../shared/config/schema';
import type { ServerInstructions } from '../agent/server-instructions';
import { Conflict, NotFound, Unavailable } from '../errors';
import type { EventSink } from '../events';
import type { ConnectionsSnapshot, ServerState } from '../mcp';
import { say } from '../../../shared/messages';
import { instructionsHash, type InstructionPinStore, type InstructionsPinState } from './instruction-pins';

export interface InstructionsServiceDeps {
  store: InstructionPinStore;
  connections: {
    state(server: string): ServerState | undefined;
    onChange(listener: (snapshot: ConnectionsSnapshot) => void): () => void;
  };
  config: { current(): SwitchboardConfig };
  events: EventSink;
}

/**
 * Servers' instructions against their pins (instruction-pins.ts): pinned when first seen (at connect, not at the next
 * model call, so a brief first version is still the first one seen), held when they change, accepted by the operator.
 */
export class InstructionsService {
  private readonly stop: () => void;
  /** The last state told per server, so an event goes out only when it moves. */
  private readonly told = new Map<string, string>();

  constructor(private readonly deps: InstructionsServiceDeps) {
    this.stop = deps.connections.onChange(() => this.observeAll());
    this.observeAll();
  }

  /** A connected server's instructions against their pin; undefined when nothing is pinned. */
  pinOf(server: string): InstructionsPinState | undefined {
    const state = this.deps.connections.state(server);
    if (state?.status === 'connected') return this.deps.store.observe(server, state.instructions);
    // Not connected: what it gives now is unknown, so nothing is held; the pin still shows.
    const pin = this.deps.store.stateOf(server, null);
    return pin && { ...pin, currentHash: null, held: false };
  }

  /** What the model receives, in config order: servers with `useInstructions`, connected, their trusted text. */
  forModel(): ServerInstructions[] {
    return this.deps.config.current().agent.mcp.servers.flatMap((server) => {
      if (!server.useInstructions) return [];
      const state = this.deps.connections.state(server.name);
      if (state?.status !== 'connected') return [];
      const text = this.deps.store.trusted(server.name, state.instructions);
      return text ? [{ server: server.name, text }] : [];
    });
  }

  /** The operator trusts the instructions `server` gives now, whose hash they reviewed. */
  accept(server: string, currentHash: string): void {
    if (!this.deps.config.current().agent.mcp.servers.some((s) => s.name === server))
      throw new NotFound(say('server.notConfigured', { name: server }));
    const state = this.deps.connections.state(server);
    if (state?.status !== 'connected') throw new Unavailable(say('instructions.notConnected', { server }));
    const text = state.instructions ?? '';
    const hash = instructionsHash(text);
    if (hash !== currentHash) throw new Conflict(say('instructions.changedAgain', { server, hash: hash.slice(0, 12) }));
    const pin = this.deps.store.stateOf(server, state.instructions);
    if (pin && !pin.held) return;
    this.deps.store.accept(server, text);
    this.tell(server);
  }

  close(): Promise<void> {
    this.stop();
    return this.deps.store.flush();
  }

  private observeAll(): void {
    for (const server of this.deps.config.current().agent.mcp.servers) {
      const state = this.deps.connections.state(server.name);
      if (state?.status !== 'connected') continue;
      const pin = this.deps.store.observe(server.name, state.instructions);
      const key = pin ? `${pin.pinned.hash}:${pin.currentHash}` : 'none';
      if (this.told.get(server.name) !== key) {
        const first = !this.told.has(server.name);
        this.told.set(server.name, key);
        if (!first || pin?.held) this.deps.events.emit('servers.instructionsChanged', { name: server.name });
      }
    }
  }

  private tell(server: string): void {
    this.told.delete(server);
    this.observeAll();
    this.deps.events.emit('servers.instructionsChanged', { name: server });
  }
}
