import { type IntentNode, type McpLeaf, type Skill } from '../../src/shared/config/schema';
import {
  localToolDefinitions,
  type AcceptedBinding,
  type CatalogInput,
  type CatalogResolver,
  type CatalogServerInput,
  type DefinitionFingerprint,
  type PinInput,
  type ToolDefinition,
  type ToolPin,
} from '../../src/shared/catalog';

/*
 * Scenario 3's inputs (catalog-scale.ts): a deterministic catalog at `scale` × the issue's size, the pins main would
 * hand the resolver, and the changes it meets (a rediscovery, a re-parse, an edit), each as new objects.
 */

/** 1× is 20 servers of 500 tools each. */
export const SERVERS = 20;
export const PER_SERVER = 500;

/** The pins main would hand the resolver: every offered tool pinned as offered, every binding accepted on its server. */
export function withPins(input: CatalogInput, resolver: CatalogResolver): CatalogInput {
  const current = new Map<string, ReadonlyMap<string, DefinitionFingerprint>>();
  const pins = new Map<string, ReadonlyMap<string, ToolPin>>();
  for (const server of input.servers) {
    current.set(server.name, fingerprintsOf(server));
    pins.set(
      server.name,
      new Map(
        server.tools.map((t) => [
          t.name,
          {
            ...fingerprintOf(t),
            pinnedAt: '2025-01-01T00:00:00Z',
            definition: {
              name: t.name,
              description: t.description ?? null,
              inputSchema: t.inputSchema,
              outputSchema: null,
              annotations: t.annotations ?? null,
            },
          },
        ]),
      ),
    );
  }
  const firstSight: PinInput = { current, pins, bindings: new Map() };
  const catalog = resolver.resolve({ ...input, pins: firstSight });
  const bindings = new Map<string, AcceptedBinding>(
    catalog.unrecordedBindings.map((b) => [
      b.toolId,
      { server: b.server, acceptedAt: '2025-01-01T00:00:00Z', readOnly: b.readOnly },
    ]),
  );
  return { ...input, pins: { current, pins, bindings } };
}

const FIELDS = { name: 'n', description: 'd', inputSchema: 'i', outputSchema: 'o', annotations: 'a' };
const fingerprintOf = (t: ToolDefinition): DefinitionFingerprint => ({ hash: `sha-${t.name}`, fields: FIELDS });
const fingerprintsOf = (server: CatalogServerInput) => new Map(server.tools.map((t) => [t.name, fingerprintOf(t)]));

/** New objects for everything, as at start-up. */
export function fresh(input: CatalogInput): CatalogInput {
  return { ...reparsed(input), servers: input.servers.map((s) => ({ ...s, tools: s.tools.map((t) => ({ ...t })) })) };
}

/** Server `k` listed again: a new state object with new definition objects, and their new fingerprints. */
export function rediscovered(input: CatalogInput, k: number): CatalogInput {
  const at = k % input.servers.length;
  const server = input.servers[at];
  const relisted = { ...server, tools: server.tools.map((t) => ({ ...t })) };
  const servers = input.servers.slice();
  servers[at] = relisted;
  const pins = input.pins && {
    ...input.pins,
    current: new Map(input.pins.current).set(server.name, fingerprintsOf(relisted)),
  };
  return { ...input, servers, pins };
}

/** The config parsed again: equal content, new objects. */
export function reparsed(input: CatalogInput): CatalogInput {
  return {
    ...input,
    intents: structuredClone(input.intents) as IntentNode[],
    skills: structuredClone(input.skills) as Skill[],
  };
}

/** The config parsed again after one node's description was reworded (a different node each time). */
export function edited(input: CatalogInput, k: number): CatalogInput {
  const next = reparsed(input);
  const category = next.intents[(k * 7) % next.intents.length] as { children: McpLeaf[] };
  category.children[k % category.children.length].description = `Reworded by the operator, edit ${k}`;
  return next;
}

/** Deterministic inputs at `scale` × the size. */
export function buildInput(scale: number): CatalogInput {
  const perServer = PER_SERVER;
  const stride = Math.round(perServer * 0.95); // each server shares 5% of its names with the previous one
  const serverCount = SERVERS * scale;
  const names = serverCount * stride + (perServer - stride);
  const servers: CatalogServerInput[] = Array.from({ length: serverCount }, (_, s) => {
    const schema = {
      type: 'object' as const,
      properties: {
        query: { type: 'string', description: `what to look up on server ${s}` },
        limit: { type: 'integer' },
      },
      required: ['query'],
    };
    const readOnly = { readOnlyHint: true };
    const tools: ToolDefinition[] = Array.from({ length: perServer }, (_, t) => {
      const name = `tool_${s * stride + t}`;
      return {
        name,
        description: `Looks up ${name} records for the customer and returns them as JSON.`,
        inputSchema: schema,
        annotations: readOnly,
      };
    });
    return { name: `server_${s}`, status: 'connected', tools };
  });
  const leavesPerCategory = 100;
  const leafCount = 5_000 * scale;
  const intents: IntentNode[] = Array.from({ length: leafCount / leavesPerCategory }, (_, c) => ({
    id: `category_${c}`,
    name: `Category ${c}`,
    kind: 'category',
    examples: [],
    children: Array.from({ length: leavesPerCategory }, (_, i): McpLeaf => {
      const j = c * leavesPerCategory + i;
      return {
        id: `node_${j}`,
        name: `Node ${j}`,
        kind: 'mcp',
        toolId: j % 50 === 49 ? `missing_${j}` : `tool_${(j * 2) % names}`,
        confirm: 'auto',
        examples: [],
        ...(j % 10 === 0 ? { description: `Operator wording for node ${j}` } : {}),
      };
    }),
  }));
  const skills: Skill[] = Array.from({ length: 50 * scale }, (_, k) => ({
    name: `skill_${k}`,
    description: `Skill ${k}`,
    manual: '',
    unlocks: Array.from({ length: 20 }, (_, i) => `tool_${((k * 20 + i) * 4) % names}`),
  }));
  return { servers, intents, skills, localTools: localToolDefinitions(skills.slice(0, 50)) };
}
