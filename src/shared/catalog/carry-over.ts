import type { McpLeaf } from '../config/schema';
import type { SkillIndex } from './intent-index';
import { Held, type Outcome } from './resolve-tool';
import type { PinInput } from './types';

/**
 * What a config edit leaves a toolId's outcome built from. A re-parse gives new objects with equal content, so a
 * toolId whose nodes, gates, offers and pins all read the same keeps its last outcome without being resolved again:
 * resolving reads the pins (several lookups in maps of every tool), which a wide catalog pays on every edit.
 */

/** Pin snapshots are replaced, never edited in place (PinStore, fingerprintServers): the same maps say the same. */
export const samePins = (a: PinInput | undefined, b: PinInput | undefined): boolean =>
  a === b ||
  (a !== undefined && b !== undefined && a.current === b.current && a.pins === b.pins && a.bindings === b.bindings);

/**
 * The node fields resolveTool reads (ids, the pinned server, the confirm policy, the description override), four per
 * node, kept with the outcome: config objects may be edited in place, so the last resolve's nodes are never
 * compared, only what they said then.
 */
export type LeafFacts = readonly (string | undefined)[];

export function leafFactsOf(nodes: readonly McpLeaf[]): LeafFacts {
  const facts: (string | undefined)[] = [];
  for (const node of nodes) facts.push(node.id, node.server, node.confirm, node.description);
  return facts;
}

/** Whether `nodes` say what `facts` recorded (no allocation: this runs for every configured toolId of an edit). */
export function saySame(nodes: readonly McpLeaf[], facts: LeafFacts): boolean {
  if (facts.length !== nodes.length * 4) return false;
  for (let i = 0, f = 0; i < nodes.length; i++, f += 4) {
    const node = nodes[i];
    if (
      node.id !== facts[f] ||
      node.server !== facts[f + 1] ||
      node.confirm !== facts[f + 2] ||
      node.description !== facts[f + 3]
    )
      return false;
  }
  return true;
}

/** The skills gating a toolId, from two indexes (built from the skills, never holding their arrays). */
export const sameGates = (toolId: string, a: SkillIndex, b: SkillIndex): boolean =>
  a === b || sameList(a.gates.get(toolId), b.gates.get(toolId));

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Outcomes replaced since the last catalog, and whether any moved between bound and held or touched a quarantine. */
export class Replacements {
  readonly positions: number[] = [];
  membership = false;
  quarantines = false;
  note(p: number, old: Outcome, next: Outcome): void {
    this.positions.push(p);
    if (old instanceof Held !== next instanceof Held) this.membership = true;
    if ((old instanceof Held && old.quarantined) || (next instanceof Held && next.quarantined)) this.quarantines = true;
  }
}
