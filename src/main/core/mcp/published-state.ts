import type { ServerConfig } from '../../../shared/config/schema';
import type { UiMessage } from '../../../shared/i18n-message';
import { Waiters } from './coalescing';
import { redactedChange, redactSecrets, secretValuesOf, withIssuedSecrets } from './redact-secrets';
import { initialState, type ConnectionSettings, type ServerState } from './types';

/** A change to a server's state: `error` may be a UiMessage, whose text becomes `error` and itself `errorMessage`. */
export type StateChange = Partial<Omit<ServerState, 'error' | 'errorMessage'>> & { error?: string | UiMessage | null };

/**
 * What one server connection shows the rest of the app: its immutable ServerState snapshots and its log lines, both
 * with the secrets the server was given (and the OAuth tokens it holds now) redacted, and who waits for an attempt
 * to be over.
 */
export class PublishedState {
  private snapshot: ServerState;
  private readonly attemptOver = new Waiters();
  /** What this server is given that it may echo back (redact-secrets.ts): kept out of its state and our log lines. */
  private readonly secrets: readonly string[];

  constructor(
    private readonly config: ServerConfig,
    private readonly settings: ConnectionSettings,
    private readonly onChange: (state: ServerState) => void,
  ) {
    this.snapshot = initialState(config.name, config.enabled ? 'connecting' : 'disabled');
    this.secrets = secretValuesOf(config, settings.env);
  }

  get state(): ServerState {
    return this.snapshot;
  }

  /** Resolves once the current attempt is over (connected, failed or disabled), or at `release`. */
  settled(): Promise<void> {
    return this.attemptOver.wait(this.snapshot.status !== 'connecting');
  }

  release(): void {
    this.attemptOver.release();
  }

  update(change: StateChange): void {
    // The error and the stderr tail may quote what the server printed: its token too.
    this.snapshot = Object.freeze({ ...this.snapshot, ...redactedChange(change, this.secretsNow()) });
    if (this.snapshot.status !== 'connecting') this.attemptOver.release();
    this.onChange(this.snapshot);
  }

  log(line: string): void {
    this.settings.log(redactSecrets(line, this.secretsNow()));
  }

  /** Its configured secrets and the OAuth tokens it holds now (they change with every refresh). */
  private secretsNow(): readonly string[] {
    return withIssuedSecrets(this.secrets, this.settings.auth?.secretsOf?.(this.config.name));
  }
}
