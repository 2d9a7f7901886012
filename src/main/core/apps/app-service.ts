import { randomUUID } from 'node:crypto';
import type { AppCall, AppRefusal, AppResource, ChatItem, ParsedInput, RouteOutput } from '../../../shared/contract';
import { pinDrift, type ToolDefinition } from '../../../shared/catalog';
import { appResourceUriOf, toolAppUi } from '../../../shared/catalog/app-ui';
import { APP_MIME_TYPE } from '../../../shared/contract/apps';
import { checkExternalUrl, externalUrlRefusalMessage, revealHiddenCharacters } from '../../../shared/net/external-url';
import { say } from '../../../shared/messages';
import type { UiMessage } from '../../../shared/i18n-message';
import { LiveConversation, memoryLog } from '../agent/conversation';
import type { ConversationStore } from '../stores/conversation-store';
import type { RecordsStore } from '../stores/records-store';
import type { ToolProxy } from '../agent/tool-proxy';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import { Invalid, NotFound, Refused, Unavailable } from '../errors';
import type { EventSink } from '../events';
import { appResourceOf, type CheckedAppResource } from '../mcp/app-resources';
import type { ServerRequestHandlers } from '../mcp/types';
import { targetFor } from '../workbench/operator-runs';
import { AppCallBounds } from './app-call-bounds';
import { errorText } from '../../../shared/error-text';

export interface AppServiceDeps {
  catalog: () => CatalogSnapshot;
  /** The agent's proxy; each app call runs with actor `app` and the app named. */
  proxy: ToolProxy;
  records: RecordsStore;
  store: Pick<ConversationStore, 'get'>;
  events: EventSink;
  /** The same handler a server's sampling request goes to (operator review, samplingPerMinute, policy). */
  sample: ServerRequestHandlers['sample'];
  bounds?: AppCallBounds;
}

const refuse = (reason: AppRefusal, message: UiMessage) => new Refused(message, { reason });

/**
 * What an MCP App (a tool's own interface, docs/PIPELINE.md "MCP Apps") gets from main: its pinned HTML, and every
 * request it makes put through the gates a model's request goes through. The renderer draws; this decides.
 */
export class AppService {
  private readonly bounds: AppCallBounds;
  /** ui/message and ui/update-model-context are bounded like calls: an app cannot fill a conversation's log. */
  private readonly messageBounds: AppCallBounds;

  constructor(private readonly deps: AppServiceDeps) {
    this.bounds = deps.bounds ?? new AppCallBounds();
    this.messageBounds = new AppCallBounds();
  }

  /** The app of a tool, or a `ui://` resource some tool of the server names, as read and pinned at discovery. */
  resource(input: ParsedInput<'apps.resource'>): AppResource {
    const { server } = input;
    const tools = this.offered(server);
    let definition: ToolDefinition | undefined;
    if ('toolId' in input) {
      definition = tools.find((t) => t.name === input.toolId);
      if (!definition) throw new NotFound(say('workbench.toolGone', { server, toolId: input.toolId }));
    } else {
      const naming = tools.filter((t) => appResourceUriOf(t) === input.uri || appResourceOf(t)?.uri === input.uri);
      if (!naming.length) {
        if (!input.uri.startsWith('ui://'))
          throw refuse('notUiScheme', say('app.uriNotUi', { uri: input.uri, server }));
        throw new NotFound(say('app.uriNotOffered', { uri: input.uri, server }));
      }
      // Any naming tool that is not held will do: they share the one read.
      definition = naming.find((t) => !this.drifted(server, t.name)) ?? naming[0];
    }
    const checked = this.checkedApp(server, definition);
    return this.view(server, definition, checked);
  }

  /**
   * A tools/call the app asked for: only a tool of its own server, within its bounds, then through the proxy like a run
   * by hand (the node's confirmation policy, the acting identity in _meta, the execution record), with actor `app`.
   */
  async callTool(input: ParsedInput<'apps.callTool'>): Promise<AppCall> {
    const definition = this.callableTool(input);
    const actingIdentity = this.actingIdentityOf(input);
    this.takeCallBound(input, actingIdentity);
    return this.runThroughProxy(input, definition, actingIdentity);
  }

  /** The tool the app may call: one of its own server's, offered, not held; the app itself one we render. */
  private callableTool(input: ParsedInput<'apps.callTool'>): ToolDefinition {
    const { server, appTool, tool } = input;
    if (input.toolServer !== undefined && input.toolServer !== server)
      throw refuse('otherServer', say('app.otherServer', { appTool, server, tool, toolServer: input.toolServer }));
    const tools = this.offered(server);
    const app = tools.find((t) => t.name === appTool);
    if (!app) throw new NotFound(say('workbench.toolGone', { server, toolId: appTool }));
    this.checkedApp(server, app); // the app must be one we render: not refused, not held
    const definition = tools.find((t) => t.name === tool);
    if (!definition) throw refuse('noSuchTool', say('app.noSuchTool', { appTool, tool, server }));
    if (this.drifted(server, tool)) throw refuse('quarantined', say('app.quarantined', { toolId: tool, server }));
    return definition;
  }

  /** The conversation's acting identity, or the one the call names when it is shown outside a conversation. */
  private actingIdentityOf(input: ParsedInput<'apps.callTool'>): string {
    const actingIdentity = input.conversationId
      ? this.deps.store.get(input.conversationId).actingIdentity
      : input.actingIdentity;
    if (!actingIdentity)
      throw new Invalid(
        say(
          'rpc.invalidInput',
          { route: 'apps.callTool', count: 1 },
          'apps.callTool: actingIdentity is required without a conversationId',
        ),
      );
    return actingIdentity;
  }

  /** One call of this app's bounds (per window and in all), per conversation or identity; past them, refused. */
  private takeCallBound(input: ParsedInput<'apps.callTool'>, actingIdentity: string): void {
    const { server, appTool } = input;
    const key = `${input.conversationId ?? `identity:${actingIdentity}`}\u0000${server}\u0000${appTool}`;
    const verdict = this.bounds.take(key);
    if (verdict.ok) return;
    const { perWindow, windowMs, total } = this.bounds.current;
    throw verdict.why === 'rateLimited'
      ? refuse('rateLimited', say('app.rateLimited', { appTool, server, count: perWindow, seconds: windowMs / 1000 }))
      : refuse('callLimit', say('app.callLimit', { appTool, server, count: total }));
  }

  /** Runs the call through the proxy with actor `app`, in a transcript of its own, and answers with its record. */
  private async runThroughProxy(
    input: ParsedInput<'apps.callTool'>,
    definition: ToolDefinition,
    actingIdentity: string,
  ): Promise<AppCall> {
    const { server, appTool, tool } = input;
    const snapshot = this.deps.catalog();
    const entry = snapshot.catalog.entries.find((e) => e.toolId === tool && e.server === server);
    if (!entry) throw refuse('noSuchTool', say('app.noSuchTool', { appTool, tool, server }));
    const runId = `app_${randomUUID().slice(0, 12)}`;
    const now = new Date().toISOString();
    // The call's own transcript: its record names the conversation the app is shown in (or the run's id).
    const conversation = new LiveConversation(
      {
        id: input.conversationId ?? runId,
        title: `App ${appTool}`,
        actingIdentity,
        modelLabel: 'app',
        createdAt: now,
        updatedAt: now,
      },
      memoryLog(),
    );
    const callId = `${runId}-call`;
    await this.deps.proxy.withMode({ actor: 'app', app: { server, tool: appTool } }).execute(
      { id: callId, name: tool, arguments: input.arguments },
      {
        conversation,
        turnId: runId,
        step: 1,
        catalog: snapshot.catalog,
        visible: new Set(),
        signal: new AbortController().signal,
        operatorTarget: targetFor(entry, definition, snapshot.catalog.bindingsByToolId.get(tool)),
      },
    );
    await conversation.resultsWritten();
    await new Promise((resolve) => setImmediate(resolve)); // the record reaches the store a task later (see OperatorRuns)
    this.deps.records.flush();
    const item = conversation.items.find((i): i is Extract<ChatItem, { kind: 'tool' }> => i.kind === 'tool');
    if (!item) throw new Error(`the app's call of ${tool} left no call item`);
    const record =
      item.recordId && this.deps.records.has(item.recordId) ? await this.deps.records.get(item.recordId) : null;
    const status = item.status === 'running' || item.status === 'awaiting_approval' ? 'error' : item.status;
    return {
      callId,
      status,
      result: status === 'success' || status === 'error' ? (record?.result ?? null) : null,
      text: item.resultText ?? '',
      ...(item.message && { message: item.message }),
      record,
    };
  }

  /** ui/message and ui/update-model-context: an item of the conversation, marked as the app's. */
  async message(input: ParsedInput<'apps.message'>): Promise<{ itemId: string }> {
    const { server, appTool, conversationId } = input;
    const app = this.offered(server).find((t) => t.name === appTool);
    if (!app) throw new NotFound(say('workbench.toolGone', { server, toolId: appTool }));
    this.checkedApp(server, app);
    const conversation = this.deps.store.get(conversationId);
    const verdict = this.messageBounds.take(`${conversationId}\u0000${server}\u0000${appTool}`);
    if (!verdict.ok) {
      const { perWindow, windowMs, total } = this.messageBounds.current;
      throw verdict.why === 'rateLimited'
        ? refuse(
            'rateLimited',
            say('app.messagesRateLimited', { appTool, server, count: perWindow, seconds: windowMs / 1000 }),
          )
        : refuse('callLimit', say('app.messagesLimit', { appTool, server, count: total }));
    }
    const text = input.content
      .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : `[${block.type}]`))
      .join('\n')
      .slice(0, 20_000);
    const view = conversation.view(false);
    const item: ChatItem = {
      kind: 'app',
      id: `app_${randomUUID().slice(0, 12)}`,
      turnId: view.turns.at(-1)?.id ?? 'app',
      server,
      appTool,
      role: input.kind,
      text,
      at: new Date().toISOString(),
    };
    await conversation.write({ t: 'item', item });
    this.deps.events.emit('chat.changed', { conversationId });
    return { itemId: item.id };
  }

  /** The gate of ui/open-link and ui/download-file: https: (http: on loopback) only; the renderer then asks the operator. */
  checkLink(input: ParsedInput<'apps.checkLink'>): RouteOutput<'apps.checkLink'> {
    const check = checkExternalUrl(input.url);
    if (!check.ok) {
      const message = say('app.linkRefused', { server: input.server, reason: externalUrlRefusalMessage(check) });
      return { allowed: false, reason: message.text, message };
    }
    return { allowed: true, url: check.url.href, host: check.host, shown: revealHiddenCharacters(check.url.href) };
  }

  /** The app's sampling/createMessage, through the server's own sampling rules. */
  async sample(input: ParsedInput<'apps.sample'>): Promise<RouteOutput<'apps.sample'>> {
    const app = this.offered(input.server).find((t) => t.name === input.appTool);
    if (!app) throw new NotFound(say('workbench.toolGone', { server: input.server, toolId: input.appTool }));
    this.checkedApp(input.server, app);
    const controller = new AbortController();
    try {
      const result = await this.deps.sample(
        { server: input.server, signal: controller.signal },
        input.params as unknown as Parameters<ServerRequestHandlers['sample']>[1],
      );
      return result;
    } catch (error) {
      // The operator (or the rules: rate, policy, timeout) said no: the app gets that, as a refusal rather than a failure.
      const detail = errorText(error);
      throw refuse(
        'samplingRefused',
        say('app.samplingRefused', { appTool: input.appTool, server: input.server, detail }),
      );
    }
  }

  /** The tools a connected server offers now. */
  private offered(server: string): readonly ToolDefinition[] {
    const found = this.deps.catalog().input.servers.find((s) => s.name === server);
    if (!found) throw new NotFound(say('server.notConfigured', { name: server }));
    if (found.status !== 'connected') throw new Unavailable(say('app.notConnected', { server }));
    return found.tools;
  }

  /** Whether the (server, tool) definition, its app included, differs from its pin: held, mounted or not. */
  private drifted(server: string, toolId: string): boolean {
    const pins = this.deps.catalog().input.pins;
    return pins !== undefined && pinDrift(pins, server, toolId) !== undefined;
  }

  private checkedApp(server: string, definition: ToolDefinition): CheckedAppResource {
    const check = appResourceOf(definition);
    if (!check) throw refuse('noUi', say('app.noUi', { toolId: definition.name, server }));
    if (!check.ok) throw refuse(check.reason, check.message);
    if (this.drifted(server, definition.name))
      throw refuse('quarantined', say('app.quarantined', { toolId: definition.name, server }));
    return check;
  }

  private view(server: string, definition: ToolDefinition, check: CheckedAppResource): AppResource {
    const toolId = definition.name;
    const pins = this.deps.catalog().input.pins;
    return {
      server,
      toolId,
      uri: check.uri,
      mimeType: APP_MIME_TYPE,
      html: check.html,
      size: check.size,
      sha256: check.sha256,
      csp: check.csp,
      cspDropped: check.cspDropped,
      permissions: check.permissions,
      prefersBorder: check.prefersBorder,
      domain: check.domain,
      visibility: [...(toolAppUi(definition)?.visibility ?? ['model', 'app'])],
      pinState: pins?.pins.get(server)?.has(toolId) ? 'pinned' : 'unpinned',
      fetchedAt: check.fetchedAt,
    };
  }
}
