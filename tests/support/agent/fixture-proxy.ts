import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolBinding } from '../../../src/shared/catalog';
import { ApprovalService } from '../../../src/main/core/agent/approvals';
import { createLocalToolRunner } from '../../../src/main/core/agent/local-tools';
import { createMcpCaller } from '../../../src/main/core/agent/mcp-caller';
import { ToolProxy } from '../../../src/main/core/agent/tool-proxy';
import { EventBus } from '../../../src/main/core/events';
import { ConnectionManager } from '../../../src/main/core/mcp';
import { RecordsStore } from '../../../src/main/core/stores/records-store';
import { serverConfigSchema } from '../../../src/shared/config/schema';
import { startFixtureServer } from '../mcp';

/**
 * The app's ToolProxy over a real fixture server (Streamable HTTP) named `fixture`, its records in a data directory of
 * their own: for tests of the call path below the turn runner. `binding(name)` is the tool's binding, policy `never`;
 * `close()` undoes it all.
 */
export async function openFixtureProxy(
  tools: Parameters<typeof startFixtureServer>[0]['tools'],
  dataDirPrefix: string,
  readOnly: (name: string) => boolean = () => true,
) {
  const server = await startFixtureServer({ tools });
  const dataDir = await mkdtemp(join(tmpdir(), dataDirPrefix));
  const events = new EventBus();
  const connections = new ConnectionManager({ log: () => undefined, events });
  const records = new RecordsStore(dataDir, events);
  const close = async () => {
    await connections.closeAll();
    await records.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    connections.reconcile([serverConfigSchema.parse({ name: 'fixture', url: server.url })]);
    await connections.whenSettled();
    await records.open();
  } catch (error) {
    await close();
    throw error;
  }
  const proxy = new ToolProxy({
    mcp: createMcpCaller(connections, () => 5_000),
    local: createLocalToolRunner({ skills: () => [], knowledge: async () => ({ search: () => [] }) as never }),
    approvals: new ApprovalService(events, () => 5_000),
    records,
    events,
  });
  const binding = (name: string): ToolBinding => {
    const definition = connections.state('fixture')!.tools.find((t) => t.name === name)!;
    return {
      toolId: name,
      server: 'fixture',
      nodes: [],
      confirm: 'never',
      definition,
      readOnly: readOnly(name),
    } as never;
  };
  return { server, dataDir, connections, records, proxy, binding, close };
}
