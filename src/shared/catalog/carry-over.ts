import type { McpLeaf } from '../config/schema';
import type { SkillIndex } from './intent-index';
import type { PinInput } from './types';

/**
 * What a config edit leaves a toolId's outcome built from. A re-parse gives new objects with equal content, so a
 * toolId whose nodes, gates, offers and pins all read the same keeps its last outcome without being resolved again:
 * resolving reads the pins (several lookups in maps of every tool), which made a 10,000-tool edit cost ~15 ms.
 */

/** Pin snapshots are replaced, never edited in place (PinStore, fingerprintServers): the same maps say the same. */
export const samePins = (a: PinInput | undefined, b: PinInput | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.current === b.current && a.pins === b.pins && a.bindings === b.bindings);

/**
 * The node fields resolveTool reads (ids, the pinned server, the confirm policy, the description override) as one
 * string, kept with the outcome: config objects may be edited in place, so the last resolve's nodes are never
 * compared, only what they said then.
 */
export function leafKeyOf(nodes: readonly McpLeaf[]): string {
  let key = '';
  for (const node of nodes) key += `${node.id}\u0000${node.server ?? ''}\u0000${node.confirm}\u0000${node.description === undefined ? '\u0001' : `\u0002${node.description}`}\u0003`;
  return key;
}

/** The skills gating a toolId, from two indexes (built from the skills, never holding their arrays). */
export const sameGates = (toolId: string, a: SkillIndex, b: SkillIndex): boolean => a === b || sameList(a.gates.get(toolId), b.gates.get(toolId));

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
