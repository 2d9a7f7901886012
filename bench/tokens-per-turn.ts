import { parse } from 'yaml';
import {
  configSchemaFor,
  type IntentNode,
  type SwitchboardConfig,
  type SwitchboardConfigInput,
} from '../src/shared/config/schema';
import { createBuiltinServers } from '../src/main/demo-shop/builtin-servers';
import { buildModelStep } from '../src/main/core/agent/visible-set';
import { createToolPipeline } from '../src/main/core/catalog/tool-pipeline';
import { demoShopConfigText } from '../src/main/demo-shop/default-config';
import { EventBus } from '../src/main/core/events';
import { EVERYTHING_SERVER } from '../tests/support/mcp';
import { metric, type Metric, type Scenario } from './report';

/**
 * Scenario 4: tokens of the tool definitions sent per turn (o200k_base, as the per-step record counts
 * them), with skill gating (nothing loaded yet: the first model call of a turn) and without (every
 * skill loaded: every bound tool sent). Two configs: the default one, and the default one plus every
 * server-everything tool mounted and gated behind a `diagnostics` skill.
 */
export const tokensScenario: Scenario = async ({ log }) => {
  const defaults = configSchemaFor().parse(parse(demoShopConfigText()));
  const metrics: Metric[] = [];
  const notes: string[] = [];

  const measure = async (label: string, config: SwitchboardConfig, report = true) => {
    // The embedded shop is injected by the entry points (and closed by the pipeline); the default config uses it.
    const pipeline = createToolPipeline({
      config: { current: () => config, onChange: () => () => undefined },
      events: new EventBus(),
      log: () => undefined,
      builtins: createBuiltinServers(),
    });
    try {
      await pipeline.connections.whenSettled();
      const failed = pipeline.connections.snapshot().servers.filter((s) => s.status !== 'connected');
      if (failed.length)
        throw new Error(`servers not connected: ${failed.map((s) => `${s.name} (${s.error})`).join(', ')}`);
      const { catalog, revision } = pipeline.catalog.current();
      const gated = (await buildModelStep(catalog, revision, [], 1)).modelStep;
      const ungated = (
        await buildModelStep(
          catalog,
          revision,
          config.skills.map((s) => s.name),
          1,
        )
      ).modelStep;
      if (report)
        log(
          `  ${label}: ${gated.tools.length} tools / ${gated.totalTokens} tokens gated, ${ungated.tools.length} / ${ungated.totalTokens} ungated`,
        );
      if (report) {
        const added = ungated.tools.filter((t) => !gated.tools.some((g) => g.name === t.name)).map((t) => t.name);
        notes.push(
          `${label}: gated sends ${gated.tools.map((t) => t.name).join(', ')}; every skill loaded adds ${added.join(', ')}.`,
        );
      }
      return { gated, ungated, catalog };
    } finally {
      await pipeline.close();
    }
  };

  const base = await measure('default config', defaults);
  metrics.push(
    metric({
      id: 'tokens.default',
      label: `default config: tool tokens per turn with skill gating (${base.gated.tools.length} tools)`,
      unit: 'tokens',
      values: [base.gated.totalTokens],
      baseline: { label: `without gating (${base.ungated.tools.length} tools)`, values: [base.ungated.totalTokens] },
      target: { text: '< 1.0× (gating must save)', on: 'ratio', op: '<', value: 1 },
    }),
  );

  // Discover server-everything's tools first, to mount every one of them by name.
  const probe = await measure('server-everything alone', withServers(defaults, [everythingEntry()], [], []), false);
  const everythingTools = probe.catalog.servers.find((s) => s.name === 'everything')?.tools ?? [];
  const shopLeaves = defaults.intents;
  const everythingLeaves: IntentNode[] = [
    {
      id: 'everything',
      name: 'server-everything',
      kind: 'category',
      examples: [],
      children: everythingTools.map((toolId) => ({
        id: `everything-${toolId}`,
        name: toolId,
        kind: 'mcp' as const,
        toolId,
        confirm: 'auto' as const,
        examples: [],
      })),
    },
  ];
  const config = withServers(
    defaults,
    [...defaults.agent.mcp.servers, everythingEntry()],
    [...shopLeaves, ...everythingLeaves],
    [
      ...defaults.skills,
      {
        name: 'diagnostics',
        description: 'MCP protocol diagnostics (server-everything)',
        manual: 'Use these tools only to diagnose the MCP connection.',
        unlocks: [...everythingTools],
      },
    ],
  );
  const all = await measure(`shop + all ${everythingTools.length} server-everything tools`, config);
  metrics.push(
    metric({
      id: 'tokens.everything',
      label: `shop + ${everythingTools.length} server-everything tools: tokens per turn with skill gating (${all.gated.tools.length} tools)`,
      unit: 'tokens',
      values: [all.gated.totalTokens],
      baseline: { label: `without gating (${all.ungated.tools.length} tools)`, values: [all.ungated.totalTokens] },
      target: { text: '< 1.0× (gating must save)', on: 'ratio', op: '<', value: 1 },
    }),
    metric({
      id: 'tokens.everything-vs-default',
      label: 'shop + server-everything, ungated, against the default config ungated',
      unit: 'tokens',
      values: [all.ungated.totalTokens],
      baseline: { label: 'default config', values: [base.ungated.totalTokens] },
    }),
  );
  notes.push(
    'Tokens: js-tiktoken o200k_base over {name, description, parameters} per tool, exactly as each ModelStep records them (src/main/core/tokens.ts); deterministic, so min = median = max.',
    'Without gating = the same catalog with every skill loaded (load_skill and its skill list are sent either way).',
    ...metrics
      .filter((m) => m.target)
      .map(
        (m) =>
          `${m.id}: gating saves ${(100 * (1 - m.ratio)).toFixed(0)}% (${(m.baseline.median - m.median).toFixed(0)} tokens per model call).`,
      ),
  );
  return { metrics, notes };
};

function everythingEntry() {
  return { name: 'everything', command: EVERYTHING_SERVER.command, args: EVERYTHING_SERVER.args };
}

function withServers(
  defaults: SwitchboardConfig,
  servers: NonNullable<NonNullable<SwitchboardConfigInput['agent']>['mcp']>['servers'],
  intents: IntentNode[],
  skills: SwitchboardConfig['skills'],
): SwitchboardConfig {
  return configSchemaFor().parse({ agent: { ...defaults.agent, mcp: { servers } }, intents, skills });
}
