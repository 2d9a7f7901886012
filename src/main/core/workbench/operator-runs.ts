import { randomUUID } from 'node:crypto';
import type { ChatItem, ToolDefinitionView, ToolRun } from '../../../shared/contract';
import { fnv1a, type CatalogEntry, type ToolBinding, type ToolDefinition } from '../../../shared/catalog';
import { LiveConversation, memoryLog } from '../agent/conversation';
import type { RecordsStore } from '../stores/records-store';
import type { ToolProxy } from '../agent/tool-proxy';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import { Conflict, NotFound, Unavailable } from '../errors';
import { say } from '../../../shared/messages';

export interface OperatorRunRequest {
  runId?: string;
  toolId: string;
  server: string;
  arguments: Record<string, unknown>;
  actingIdentity: string;
  signal?: AbortSignal;
}

/**
 * Tools > Run and `switchboard tools call`: one call by hand, through the same proxy as a model's call
 * (the node's confirmation policy, the acting identity in _meta, result conversion, the execution record
 * with actor `operator`). Any row a server offers can run, bound or not; the answer says why the model
 * would not see it. A quarantined row cannot: its definition changed and nobody has reviewed it.
 */
export class OperatorRuns {
  constructor(
    private readonly deps: {
      /** The proxy in operator mode (approvals from the operator's console). */
      proxy: ToolProxy;
      catalog: () => CatalogSnapshot;
      records: RecordsStore;
    },
  ) {}

  /** The definition a connected server offers now, whatever the row's state. */
  definition(toolId: string, server: string): ToolDefinitionView {
    const definition = this.deps
      .catalog()
      .input.servers.find((s) => s.name === server && s.status === 'connected')
      ?.tools.find((t) => t.name === toolId);
    if (!definition) throw new NotFound(say('workbench.toolGone', { server, toolId }));
    return {
      toolId,
      server,
      title: definition.title ?? definition.annotations?.title ?? null,
      description: definition.description ?? null,
      inputSchema: definition.inputSchema,
      annotations: definition.annotations ?? null,
    };
  }

  async call(request: OperatorRunRequest): Promise<ToolRun> {
    const snapshot = this.deps.catalog();
    const entry = snapshot.catalog.entries.find((e) => e.toolId === request.toolId && e.server === request.server);
    if (!entry) throw new NotFound(say('workbench.noTool', { server: request.server, toolId: request.toolId }));
    if (entry.state === 'quarantined')
      throw new Conflict(say('workbench.quarantined', { toolId: request.toolId, server: request.server }));
    const definition = snapshot.input.servers
      .find((s) => s.name === request.server && s.status === 'connected')
      ?.tools.find((t) => t.name === request.toolId);
    if (!definition)
      throw new Unavailable(say('workbench.notConnected', { server: request.server, toolId: request.toolId }));

    const runId = request.runId ?? `op_${randomUUID().slice(0, 12)}`;
    const now = new Date().toISOString();
    const conversation = new LiveConversation(
      {
        id: runId,
        title: `Run ${request.toolId}`,
        actingIdentity: request.actingIdentity,
        modelLabel: 'operator',
        createdAt: now,
        updatedAt: now,
      },
      memoryLog(),
    );
    await this.deps.proxy.execute(
      { id: `${runId}-call`, name: request.toolId, arguments: request.arguments },
      {
        conversation,
        turnId: runId,
        step: 1,
        catalog: snapshot.catalog,
        visible: new Set(),
        signal: request.signal ?? new AbortController().signal,
        operatorTarget: targetFor(entry, definition, snapshot.catalog.bindingsByToolId.get(request.toolId)),
      },
    );
    await conversation.resultsWritten();
    // The proxy hands the record to the store once the call's (in-memory) line resolves, a task later;
    // then it is written now rather than with the next batch, so the run is on disk when the operator sees it.
    await new Promise((resolve) => setImmediate(resolve));
    this.deps.records.flush();
    const item = conversation.items.find((i): i is Extract<ChatItem, { kind: 'tool' }> => i.kind === 'tool');
    if (!item) throw new Error(`the run of ${request.toolId} left no call item`);
    const record =
      item.recordId && this.deps.records.has(item.recordId) ? await this.deps.records.get(item.recordId) : null;
    return {
      runId,
      item,
      record,
      state: entry.state,
      notVisibleToModel: entry.state === 'bound' ? null : entry.reason,
    };
  }
}

/**
 * The binding when the row is the bound one; otherwise the same shape for this server's tool, with the
 * policy of the nodes naming the tool (a shadowed row) or `auto` (an unmounted one: asks unless read-only).
 */
export function targetFor(
  entry: CatalogEntry,
  definition: ToolDefinition,
  bound: ToolBinding | undefined,
): ToolBinding {
  if (bound && bound.server === entry.server) return bound;
  const description = definition.description ?? '';
  return {
    toolId: entry.toolId,
    server: entry.server as string,
    nodes: entry.nodes,
    confirm: bound?.confirm ?? 'auto',
    description,
    descriptionSource: 'remote',
    remoteDescription: definition.description ?? null,
    remoteDescriptionHash: fnv1a(description),
    overrideStale: false,
    definition,
    gatedBy: entry.gatedBy,
    shadows: [],
    // What this server claims, never more than what was accepted for the toolId.
    readOnly: definition.annotations?.readOnlyHint === true && (bound?.readOnly ?? true),
    descriptionTruncated: null,
    schemaCapped: null,
    modelDefinition: { name: definition.name, description, inputSchema: definition.inputSchema },
  };
}
