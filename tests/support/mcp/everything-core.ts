import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startCoreRig } from './core-rig';
import { mountedToolsConfig } from './mounted-config';
import { EVERYTHING_SERVER } from './stdio-peers';

export type { ToolItem } from './core-rig';

/** The tools server-everything offers only to a client that declares elicitation, sampling or roots. */
export const CAPABILITY_TOOLS = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-url-elicitation',
  'trigger-sampling-request',
];

export interface EverythingCoreOptions {
  /** Extra fields on the `everything` server entry (roots, timeoutMs, samplingPerMinute …). */
  server?: Record<string, unknown>;
  agent?: Record<string, unknown>;
  /** More servers after it (e.g. an HTTP fixture). */
  moreServers?: Record<string, unknown>[];
  /** agent.model (default: the demo provider); the OpenAI and Anthropic keys are test keys. */
  model?: Record<string, unknown>;
  /** More of its tools to mount (`confirm: never`). */
  tools?: string[];
}

/**
 * The whole core (createCore + dispatch) with the demo model and @modelcontextprotocol/server-everything
 * over stdio, every one of its tools mounted with `confirm: never`, so `/call TOOL {json}` runs it.
 */
export async function startEverythingCore(options: EverythingCoreOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-everything-'));
  const tools = [
    'echo',
    'trigger-long-running-operation',
    'simulate-research-query',
    ...CAPABILITY_TOOLS,
    ...(options.tools ?? []),
  ];
  const config = mountedToolsConfig({
    servers: [{ name: 'everything', ...EVERYTHING_SERVER, ...options.server }, ...(options.moreServers ?? [])],
    tools,
    category: { id: 'every', name: 'everything' },
    agent: { model: options.model ?? { provider: 'demo' }, maxSteps: 4, ...options.agent },
  });
  await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
  return startCoreRig(dataDir, { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' });
}
