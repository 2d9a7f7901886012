import type { TelemetryView } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import type { ConfigStore } from '../../core/config/config-store';
import { Unavailable } from '../../core/errors';
import type { SecretStore } from '../../core/secrets';
import { OTLP_HEADERS_SECRET, type TelemetryService } from '../../core/telemetry/telemetry-service';
import type { Handlers } from '../router';

export function createTelemetryHandlers(
  config: ConfigStore,
  secrets: SecretStore,
  telemetry: TelemetryService,
): Pick<Handlers, 'telemetry.get' | 'telemetry.save' | 'telemetry.setHeaders' | 'telemetry.sendTestSpan'> {
  const view = (): TelemetryView => ({
    saved: config.current().telemetry ?? {},
    ...telemetry.status(),
    headersStored:
      secrets.storage !== 'environment' &&
      Boolean(secrets.get(OTLP_HEADERS_SECRET)) &&
      !process.env[OTLP_HEADERS_SECRET],
    canStoreHeaders: secrets.canStore,
  });
  return {
    'telemetry.get': view,
    'telemetry.save': async (input) => {
      const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
      await config.edit(() => [{ op: 'set', path: ['telemetry'], value: clean }]);
      await telemetry.apply(); // config.changed applies it too; this answers with the result
      return view();
    },
    'telemetry.setHeaders': async ({ headers, allowPlainText }) => {
      if (secrets.storage === 'environment')
        throw new Unavailable(say('settings.keysNotStorable', { envVar: OTLP_HEADERS_SECRET }));
      await secrets.set(OTLP_HEADERS_SECRET, headers.trim(), { allowPlainText });
      await telemetry.apply();
      return view();
    },
    'telemetry.sendTestSpan': () => telemetry.sendTestSpan(),
  };
}
