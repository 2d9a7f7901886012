import { listMcpLeaves, type IntentNode, type McpLeaf, type Skill } from '../config/schema';

/** toolId -> the nodes naming it, in tree order. */
export interface NodesByToolId {
  get(toolId: string): readonly McpLeaf[] | undefined;
}

/** The MCP leaves of one intents array, grouped by toolId. Immutable once built. */
export interface IntentIndex {
  nodesByToolId: NodesByToolId;
  /** The configured toolIds in tree order. */
  names: readonly string[];
  /** The same toolIds sorted (code-unit order): the order of bindings, unavailable tools and every array aligned with it. */
  configured: readonly string[];
  /** Aligned with `configured`: the nodes naming it, in tree order. */
  configuredNodes: readonly (readonly McpLeaf[])[];
  /** toolId -> its index in `configured`. */
  position: ReadonlyMap<string, number>;
  /** Each MCP leaf's toolId, in tree order, and its index in `configured`: what a re-parse is compared against. */
  leafToolIds: readonly string[];
  leafPositions: Int32Array;
}

/**
 * Groups the MCP leaves by toolId. When they name the same tools in the same tree order as `previous` (a
 * re-parse, an edit of descriptions or policies), its sorted list and positions are reused, so whatever is
 * aligned with them (the offers per toolId) still applies; the leaves are then grouped by those positions, with no
 * map built: a re-parse gives new strings, and hashing 5,000 of them was most of a config edit's resolve.
 */
export function indexIntents(intents: readonly IntentNode[], previous?: IntentIndex): IntentIndex {
  const leaves = listMcpLeaves(intents as IntentNode[]);
  if (previous && sameToolIds(previous.leafToolIds, leaves)) return regrouped(previous, leaves);
  const nodesByToolId = new Map<string, McpLeaf[]>();
  for (const leaf of leaves) {
    const list = nodesByToolId.get(leaf.toolId);
    if (list) list.push(leaf);
    else nodesByToolId.set(leaf.toolId, [leaf]);
  }
  const names = [...nodesByToolId.keys()];
  const same = previous !== undefined && sameStrings(previous.names, names);
  const configured = same ? previous.configured : [...names].sort();
  const position = same ? previous.position : new Map(configured.map((toolId, i) => [toolId, i]));
  return {
    nodesByToolId,
    names,
    configured,
    configuredNodes: configured.map((toolId) => nodesByToolId.get(toolId)!),
    position,
    leafToolIds: leaves.map((leaf) => leaf.toolId),
    leafPositions: Int32Array.from(leaves, (leaf) => position.get(leaf.toolId)!),
  };
}

function sameToolIds(toolIds: readonly string[], leaves: readonly McpLeaf[]): boolean {
  if (toolIds.length !== leaves.length) return false;
  for (let i = 0; i < leaves.length; i++) if (leaves[i].toolId !== toolIds[i]) return false;
  return true;
}

/** The leaves of a re-parse naming the same toolIds in the same order, grouped by the previous index's positions. */
function regrouped(previous: IntentIndex, leaves: readonly McpLeaf[]): IntentIndex {
  const { position, leafPositions } = previous;
  const configuredNodes = new Array<McpLeaf[]>(previous.configured.length);
  for (let i = 0; i < leaves.length; i++) {
    const p = leafPositions[i];
    const list = configuredNodes[p];
    if (list) list.push(leaves[i]);
    else configuredNodes[p] = [leaves[i]];
  }
  const nodesByToolId: NodesByToolId = {
    get: (toolId) => {
      const p = position.get(toolId);
      return p === undefined ? undefined : configuredNodes[p];
    },
  };
  return { ...previous, nodesByToolId, configuredNodes };
}

export const sameStrings = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/** What the skills say about tools: who gates each toolId, and where each skill sits in the list. */
export interface SkillIndex {
  /** toolId -> the skills whose `unlocks` list it, in skill order. */
  gates: ReadonlyMap<string, readonly string[]>;
  /** skill name -> its index in the skills array. */
  positionOf: ReadonlyMap<string, number>;
  /** The names and unlocks indexed, as one string: equal keys index alike (descriptions aside). */
  key: string;
}

/** The last index when the skills still name and unlock the same (a re-parse, a description edit), else a new one. */
export function indexSkills(skills: readonly Skill[], previous?: SkillIndex): SkillIndex {
  let key = '';
  for (const skill of skills) key += `${skill.name}\u0000${skill.unlocks.join('\u0000')}\u0001`;
  if (previous?.key === key) return previous;
  const gates = new Map<string, string[]>();
  for (const skill of skills)
    for (const toolId of new Set(skill.unlocks)) {
      const list = gates.get(toolId);
      if (list) list.push(skill.name);
      else gates.set(toolId, [skill.name]);
    }
  return { gates, positionOf: new Map(skills.map((skill, i) => [skill.name, i])), key };
}

/** The node that pins a server, if any (the schema rejects nodes of one toolId pinning different servers). */
export const pinningNode = (nodes: readonly McpLeaf[] | undefined): McpLeaf | undefined => nodes?.find((n) => n.server);

/** Code-unit order: deterministic across locales and much cheaper than localeCompare. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
