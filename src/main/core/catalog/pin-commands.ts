import {
  describeFields,
  PINNED_FIELDS,
  type CatalogServerInput,
  type DefinitionFingerprint,
  type QuarantinedTool,
  type ToolDefinition,
} from '../../../shared/catalog';
import { fingerprintOf } from './definition-hash';
import type { PinStore } from './pin-store';
import { Conflict, NotFound, Unavailable } from '../errors';
import { say } from '../../../shared/messages';

export interface PinAction {
  toolId: string;
  server: string;
  /** The hash the operator reviewed; a different current hash means the server changed again meanwhile. */
  currentHash?: string;
}

/**
 * The operator's answers to a quarantine. Each acts on what the server offers *now*, and refuses
 * (conflict) when that is not what the operator looked at, so an accept never trusts an unseen version.
 */
export class PinCommands {
  constructor(
    private readonly pins: PinStore,
    private readonly servers: () => readonly CatalogServerInput[],
    private readonly changed: () => void,
    /** The current catalog's quarantined winner of a toolId, if any. */
    private readonly quarantined: (toolId: string) => QuarantinedTool | undefined,
  ) {}

  /** Re-pins a changed definition; or, when the tool is held because its binding moved to `server`, accepts the move. */
  acceptChange(target: PinAction): void {
    if (this.moveTo(target)) {
      this.offered(target); // what the operator reviewed is still what `server` offers
      this.pins.acceptMove(target.toolId, target.server);
      this.changed();
      return;
    }
    const { definition, fingerprint } = this.offered(target);
    if (this.pins.get(target.server, target.toolId)?.hash === fingerprint.hash) return; // already trusted
    this.pins.accept(target.server, definition, fingerprint);
    this.changed();
  }

  rejectChange(target: PinAction): void {
    const move = this.moveTo(target);
    if (move) {
      this.offered(target);
      if (move.quarantine.rejected) return;
      this.pins.rejectMove(target.toolId, target.server);
      this.changed();
      return;
    }
    const { fingerprint } = this.offered(target);
    const pin = this.pins.get(target.server, target.toolId);
    if (!pin || pin.hash === fingerprint.hash)
      throw new Conflict(say('pin.noChange', { toolId: target.toolId, server: target.server }));
    if (pin.rejectedHash === fingerprint.hash) return;
    this.pins.reject(target.server, target.toolId, fingerprint.hash);
    this.changed();
  }

  acceptDescription(target: PinAction): void {
    const { definition, fingerprint } = this.offered(target);
    const pin = this.pins.get(target.server, target.toolId);
    if (!pin || pin.hash === fingerprint.hash) return; // nothing stale
    const others = PINNED_FIELDS.filter((f) => f !== 'description' && pin.fields[f] !== fingerprint.fields[f]);
    if (others.length)
      throw new Conflict(
        say(
          'pin.othersChanged',
          { fields: others.join(', '), toolId: target.toolId, server: target.server },
          `${describeFields(others)} of ${target.toolId} on ${target.server} changed too: review the whole change (catalog.acceptChange)`,
        ),
      );
    this.pins.accept(target.server, definition, fingerprint);
    this.changed();
  }

  /** The tool's quarantine when it is held because its binding would move to `server` (not because its definition changed). */
  private moveTo({ toolId, server }: PinAction): QuarantinedTool | undefined {
    const held = this.quarantined(toolId);
    return held?.server === server && held.quarantine.moved ? held : undefined;
  }

  private offered({ toolId, server, currentHash }: PinAction): {
    definition: ToolDefinition;
    fingerprint: DefinitionFingerprint;
  } {
    const state = this.servers().find((s) => s.name === server);
    if (!state) throw new NotFound(say('server.notConfigured', { name: server }));
    if (state.status !== 'connected')
      throw new Unavailable(say('pin.serverNotConnected', { server, status: state.status, toolId }));
    const definition = state.tools.find((t) => t.name === toolId);
    if (!definition) throw new NotFound(say('pin.notOffered', { server, toolId }));
    const fingerprint = fingerprintOf(definition);
    if (currentHash !== undefined && currentHash !== fingerprint.hash)
      throw new Conflict(say('pin.changedAgain', { toolId, server, hash: fingerprint.hash.slice(0, 12) }));
    return { definition, fingerprint };
  }
}
