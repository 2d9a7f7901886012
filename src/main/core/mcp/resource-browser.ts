import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Client, Prompt, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import type {
  ContentBlockView,
  PromptView,
  ResourceContentView,
  ResourceTemplateView,
  ResourceView,
  ServerFeatures,
} from '../../../shared/contract';
import { Invalid, NotFound, Unavailable } from '../errors';
import { describeError } from './describe-error';
import type { ServerSessions } from './server-sessions';
import type { ServerState } from './types';
import { say } from '../../../shared/messages';
import { APP_MIME_TYPE } from '../../../shared/contract/apps';
import { checkAppContents } from './app-resources';
import { BrowseListTtls } from './browse-list-ttls';
import type { EventSink } from '../events';

/** The most data one resources/read hands on (text and base64 together); beyond it the rest is left out, and says so. */
export const READ_DATA_CAP = 2 * 1024 * 1024;

export type CompletionRef = { type: 'prompt'; name: string } | { type: 'resourceTemplate'; uriTemplate: string };

interface BrowserDeps {
  client(server: string): Client | undefined;
  state(server: string): ServerState | undefined;
  sessions: Pick<ServerSessions, 'subscribed' | 'keepSubscription' | 'listenSubscription'>;
  /** The request timeout for a server (its timeoutMs, else the default). */
  timeoutFor(server: string): number;
  /** Told when a listed resources or prompts list's ttlMs runs out (the console asks again); none in one-shot CLI runs. */
  events?: EventSink;
}

/**
 * The operator's way to a server's resources and prompts, over the SDK client of its live connection:
 * list (one page at a time), read, subscribe, get a prompt, ask for completions. Read-only browsing:
 * nothing here reaches a model. Refusals are domain errors that name the server.
 */
export class ResourceBrowser {
  private readonly ttls: BrowseListTtls;

  constructor(private readonly deps: BrowserDeps) {
    this.ttls = new BrowseListTtls(deps.events);
  }

  /** Stops the ttl countdowns (the app quits). */
  close(): void {
    this.ttls.close();
  }

  features(server: string): ServerFeatures {
    const capabilities = this.connected(server).getServerCapabilities() ?? {};
    return {
      resources: capabilities.resources !== undefined,
      subscribe: capabilities.resources?.subscribe === true,
      prompts: capabilities.prompts !== undefined,
      completions: capabilities.completions !== undefined,
    };
  }

  /** `signal`: the caller's (the CLI's Ctrl-C); aborting it cancels the request on the server. */
  async listResources(server: string, cursor?: string, signal?: AbortSignal) {
    const client = this.offering(server, 'resources');
    const page = await this.ask(server, () =>
      client.listResources(cursor ? { cursor } : undefined, this.options(server, signal)),
    );
    // The whole list (no cursor) is what the SDK caches by its ttlMs: its hint, and a countdown to tell the console.
    const cache = cursor ? undefined : this.ttls.listed(server, 'resources', page);
    return {
      resources: page.resources.map(resourceView),
      nextCursor: page.nextCursor ?? null,
      subscriptions: this.deps.sessions.subscribed(server),
      ...(cache && { cache }),
    };
  }

  async listTemplates(server: string, cursor?: string, signal?: AbortSignal) {
    const client = this.offering(server, 'resources');
    const page = await this.ask(server, () =>
      client.listResourceTemplates(cursor ? { cursor } : undefined, this.options(server, signal)),
    );
    return { templates: page.resourceTemplates.map(templateView), nextCursor: page.nextCursor ?? null };
  }

  /** `html`: an MCP App's HTML too; without it an app's content is its metadata only (the 400 KB of HTML is not what an operator reads). */
  async read(
    server: string,
    uri: string,
    options: { html?: boolean; signal?: AbortSignal } = {},
  ): Promise<{ uri: string; contents: ResourceContentView[] }> {
    const client = this.offering(server, 'resources');
    const result = await this.ask(server, () => client.readResource({ uri }, this.options(server, options.signal)));
    let budget = READ_DATA_CAP;
    const contents = result.contents.map((content): ResourceContentView => {
      const base = { uri: content.uri, mimeType: content.mimeType ?? null };
      const app = isAppContent(content) ? appSummaryOf(server, content) : undefined;
      if (app && !options.html) {
        const bytes =
          'text' in content && typeof content.text === 'string'
            ? Buffer.byteLength(content.text)
            : Math.floor((((content as { blob?: string }).blob ?? '').length * 3) / 4);
        return {
          ...base,
          bytes,
          app,
          omitted: `an MCP App's HTML (${bytes} bytes): its metadata is shown; ask for the HTML to print it`,
        };
      }
      if (app) Object.assign(base, { app });
      if ('text' in content && typeof content.text === 'string') {
        const bytes = Buffer.byteLength(content.text);
        if (content.text.length <= budget) {
          budget -= content.text.length;
          return { ...base, text: content.text, bytes };
        }
        const shown = Math.max(0, budget);
        budget = 0;
        return {
          ...base,
          text: content.text.slice(0, shown),
          bytes,
          omitted: `only the first ${shown} of ${content.text.length} characters are shown`,
        };
      }
      const blob = typeof (content as { blob?: unknown }).blob === 'string' ? (content as { blob: string }).blob : '';
      const bytes = Math.floor((blob.length * 3) / 4) - (blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0);
      if (blob.length <= budget) {
        budget -= blob.length;
        return { ...base, blob, bytes };
      }
      return { ...base, bytes, omitted: `${bytes} bytes: too large to show here` };
    });
    return { uri, contents };
  }

  async subscribe(server: string, uri: string, on: boolean): Promise<{ subscriptions: string[] }> {
    const client = this.offering(server, 'resources');
    if (on && client.getServerCapabilities()?.resources?.subscribe !== true)
      throw new Unavailable(say('server.noSubscriptions', { server }));
    // 2026-07-28: no resources/subscribe (the SDK refuses it); the URI is listened for on the connection's stream.
    if (client.getProtocolEra() === 'modern')
      return { subscriptions: this.deps.sessions.listenSubscription(server, uri, on) };
    await this.ask(server, () =>
      on
        ? client.subscribeResource({ uri }, this.options(server))
        : client.unsubscribeResource({ uri }, this.options(server)),
    );
    return { subscriptions: this.deps.sessions.keepSubscription(server, uri, on) };
  }

  async listPrompts(server: string, cursor?: string, signal?: AbortSignal) {
    const client = this.offering(server, 'prompts');
    const page = await this.ask(server, () =>
      client.listPrompts(cursor ? { cursor } : undefined, this.options(server, signal)),
    );
    const cache = cursor ? undefined : this.ttls.listed(server, 'prompts', page);
    return { prompts: page.prompts.map(promptView), nextCursor: page.nextCursor ?? null, ...(cache && { cache }) };
  }

  async getPrompt(server: string, name: string, args: Record<string, string>, signal?: AbortSignal) {
    const client = this.offering(server, 'prompts');
    const result = await this.ask(server, () =>
      client.getPrompt({ name, arguments: args }, this.options(server, signal)),
    );
    return {
      description: result.description ?? null,
      messages: result.messages.map((m) => ({ role: m.role, content: m.content as ContentBlockView })),
    };
  }

  async complete(
    server: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context: Record<string, string>,
  ) {
    const client = this.connected(server);
    if (client.getServerCapabilities()?.completions === undefined)
      throw new Unavailable(say('server.noCompletions', { server }));
    const sdkRef =
      ref.type === 'prompt'
        ? { type: 'ref/prompt' as const, name: ref.name }
        : { type: 'ref/resource' as const, uri: ref.uriTemplate };
    const result = await this.ask(server, () =>
      client.complete(
        { ref: sdkRef, argument, ...(Object.keys(context).length ? { context: { arguments: context } } : {}) },
        this.options(server),
      ),
    );
    return {
      values: result.completion.values,
      total: result.completion.total ?? null,
      hasMore: result.completion.hasMore === true,
    };
  }

  private connected(server: string): Client {
    const state = this.deps.state(server);
    if (!state) throw new NotFound(say('server.notConfigured', { name: server }));
    const client = this.deps.client(server);
    if (!client)
      throw new Unavailable(
        say('server.notConnectedState', { server, state: `${state.status}${state.error ? `: ${state.error}` : ''}` }),
      );
    return client;
  }

  private offering(server: string, feature: 'resources' | 'prompts'): Client {
    const client = this.connected(server);
    if (client.getServerCapabilities()?.[feature] === undefined)
      throw new Unavailable(say('server.noFeature', { server, feature }));
    return client;
  }

  private options(server: string, signal?: AbortSignal) {
    return { timeout: this.deps.timeoutFor(server), ...(signal && { signal }) };
  }

  /** The server's refusal as a domain error that says who refused and why. */
  private async ask<T>(server: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const message = `${server} answered: ${describeError(error)}`;
      if (error instanceof ProtocolError && error.code === -32002) throw new NotFound(message); // resource not found
      if (
        error instanceof ProtocolError &&
        (error.code === ProtocolErrorCode.InvalidParams || error.code === ProtocolErrorCode.MethodNotFound)
      )
        throw new Invalid(message);
      throw new Unavailable(message);
    }
  }
}

function resourceView(r: Resource): ResourceView {
  return {
    uri: r.uri,
    name: r.name,
    ...(r.title !== undefined && { title: r.title }),
    ...(r.description !== undefined && { description: r.description }),
    ...(r.mimeType !== undefined && { mimeType: r.mimeType }),
    ...(r.size !== undefined && { size: r.size }),
    ...(r.icons?.length && { icons: r.icons.map((i) => ({ ...i })) }),
  };
}

function templateView(t: ResourceTemplateType): ResourceTemplateView {
  return {
    uriTemplate: t.uriTemplate,
    name: t.name,
    ...(t.title !== undefined && { title: t.title }),
    ...(t.description !== undefined && { description: t.description }),
    ...(t.mimeType !== undefined && { mimeType: t.mimeType }),
  };
}

function promptView(p: Prompt): PromptView {
  return {
    name: p.name,
    ...(p.title !== undefined && { title: p.title }),
    ...(p.description !== undefined && { description: p.description }),
    arguments: (p.arguments ?? []).map(
      (a: { name: string; title?: unknown; description?: string; required?: boolean }) => ({
        name: a.name,
        // PromptArgument has a title in the spec (BaseMetadata); this SDK's type does not list it yet.
        ...(typeof a.title === 'string' && { title: a.title }),
        ...(a.description !== undefined && { description: a.description }),
        ...(a.required !== undefined && { required: a.required }),
      }),
    ),
    ...(p.icons?.length && { icons: p.icons.map((i) => ({ ...i })) }),
  };
}

const isAppContent = (content: { uri: string; mimeType?: string }) =>
  content.uri.startsWith('ui://') || (content.mimeType ?? '').toLowerCase().replace(/\s+/g, '') === APP_MIME_TYPE;

/** What the host checked of an app's content (apps read it the same way at discovery: core/mcp/app-resources.ts). */
function appSummaryOf(server: string, content: { uri: string }): NonNullable<ResourceContentView['app']> {
  const check = checkAppContents(server, content.uri, { contents: [content] });
  if (!check.ok)
    return {
      sha256: null,
      csp: null,
      cspDropped: [],
      permissions: null,
      prefersBorder: null,
      domain: null,
      refused: check.message.text,
    };
  return {
    sha256: check.sha256,
    csp: check.csp,
    cspDropped: check.cspDropped.map(({ directive, value, reason }) => ({ directive, value, reason })),
    permissions: check.permissions,
    prefersBorder: check.prefersBorder,
    domain: check.domain,
    refused: null,
  };
}
