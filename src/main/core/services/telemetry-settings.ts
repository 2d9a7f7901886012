import type { ParsedInput, TelemetryView } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import type { ConfigStore } from '../config/config-store';
import { Unavailable } from '../errors';
import type { SecretStore } from '../secrets';
import { OTLP_HEADERS_SECRET, type TelemetryService } from '../telemetry/telemetry-service';
import { withoutEmptyFields } from './form-fields';

export interface TelemetrySettingsDeps {
  config: Pick<ConfigStore, 'current' | 'edit'>;
  secrets: SecretStore;
  telemetry: TelemetryService;
  /** The environment the process was started with: OTLP headers set there win over stored ones. */
  env: NodeJS.ProcessEnv;
}

/** Settings → Telemetry: the saved section, what is in effect, and the operator's changes (applied at once). */
export class TelemetrySettingsService {
  constructor(private readonly deps: TelemetrySettingsDeps) {}

  view(): TelemetryView {
    const { config, secrets, telemetry, env } = this.deps;
    return {
      saved: config.current().telemetry ?? {},
      ...telemetry.status(),
      headersStored:
        secrets.storage !== 'environment' && Boolean(secrets.get(OTLP_HEADERS_SECRET)) && !env[OTLP_HEADERS_SECRET],
      canStoreHeaders: secrets.canStore,
    };
  }

  /** Saves the `telemetry:` section; an empty field is removed. */
  async save(settings: ParsedInput<'telemetry.save'>): Promise<TelemetryView> {
    const clean = withoutEmptyFields(settings);
    await this.deps.config.edit(() => [{ op: 'set', path: ['telemetry'], value: clean }]);
    await this.deps.telemetry.apply(); // config.changed applies it too; this answers with the result
    return this.view();
  }

  /** Write-only, like an API key; refused where secrets come only from the environment. */
  async setHeaders(headers: string, allowPlainText?: boolean): Promise<TelemetryView> {
    const { secrets, telemetry } = this.deps;
    if (secrets.storage === 'environment')
      throw new Unavailable(say('settings.keysNotStorable', { envVar: OTLP_HEADERS_SECRET }));
    await secrets.set(OTLP_HEADERS_SECRET, headers.trim(), { allowPlainText });
    await telemetry.apply();
    return this.view();
  }

  sendTestSpan(): ReturnType<TelemetryService['sendTestSpan']> {
    return this.deps.telemetry.sendTestSpan();
  }
}
