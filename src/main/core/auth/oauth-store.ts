import type { OAuthDiscoveryState, OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../secrets';

/**
 * What Switchboard keeps about one server's OAuth session. Lives only in the secret store (safeStorage in
 * Electron, an owner-only file headless), never in switchboard.yaml, records, logs or the renderer.
 */
export interface StoredAuth {
  /** The MCP endpoint the tokens were issued for; a record for another URL is ignored. */
  resource: string;
  /** As the SDK handed them to saveTokens (stamped with the issuing authorization server). */
  tokens?: OAuthTokens;
  /** When `tokens` were saved: with `expires_in` this gives the expiry. */
  obtainedAt?: string;
  /** The scopes the last sign-in asked for (a token may be granted fewer). */
  requestedScope?: string;
  /** A client obtained by dynamic registration or a client ID metadata document (never a configured secret). */
  client?: OAuthClientInformationMixed;
  /** The authorization server a configured client was first presented to (trust on first use). */
  configuredClientIssuer?: string;
  discovery?: OAuthDiscoveryState;
}

const KEY_PREFIX = 'oauth/';

/** Where OAuth tokens live when the secret store cannot keep them (headless, CLI): owner-only, in the data dir. */
export const OAUTH_TOKENS_FILE_NAME = 'oauth-tokens.json';

/**
 * Per-server OAuth state on top of the SecretStore port: one JSON value per server. Writes for one
 * server are serialized so two saves (a refresh and a sign-in) never lose each other's fields. A store
 * that cannot persist (safeStorage unavailable) keeps the state in memory for this run.
 */
export class OAuthStore {
  private readonly memory = new Map<string, string>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(server: string) => void>();

  constructor(private readonly secrets: SecretStore) {}

  get persistent(): boolean {
    return this.secrets.canStore;
  }

  read(server: string, resource: string): StoredAuth {
    const raw = this.secrets.canStore ? this.secrets.get(KEY_PREFIX + server) : this.memory.get(server);
    if (!raw) return { resource };
    try {
      const parsed = JSON.parse(raw) as StoredAuth;
      return parsed && typeof parsed === 'object' && parsed.resource === resource ? parsed : { resource };
    } catch {
      return { resource };
    }
  }

  update(server: string, resource: string, change: (current: StoredAuth) => StoredAuth): Promise<void> {
    const previous = this.queues.get(server) ?? Promise.resolve();
    const next = previous.then(async () => {
      const value = JSON.stringify(change(this.read(server, resource)));
      if (this.secrets.canStore) await this.secrets.set(KEY_PREFIX + server, value);
      else this.memory.set(server, value);
    });
    const settled = next.catch(() => undefined);
    this.queues.set(server, settled);
    void settled.then(() => this.queues.get(server) === settled && this.queues.delete(server));
    return next.then(() => this.changed(server));
  }

  /** Sign-out: tokens, discovery and registration go; nothing of this server is left behind. */
  async forget(server: string): Promise<void> {
    await (this.queues.get(server) ?? Promise.resolve());
    if (this.secrets.canStore) await this.secrets.set(KEY_PREFIX + server, '');
    else this.memory.delete(server);
    this.changed(server);
  }

  onChange(listener: (server: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(server: string): void {
    for (const listener of this.listeners) listener(server);
  }
}

/** Seconds-precision expiry of stored tokens, or undefined when the server gave no lifetime. */
export function tokenExpiry(stored: StoredAuth): Date | undefined {
  const lifetime = stored.tokens?.expires_in;
  if (!stored.obtainedAt || typeof lifetime !== 'number') return undefined;
  return new Date(Date.parse(stored.obtainedAt) + lifetime * 1000);
}
