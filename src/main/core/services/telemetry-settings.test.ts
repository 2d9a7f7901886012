import { describe, expect, it } from 'vitest';
import { Unavailable } from '../errors';
import { environmentSecrets, type SecretStore } from '../secrets';
import { OTLP_HEADERS_SECRET, type TelemetryService } from '../telemetry/telemetry-service';
import { TelemetrySettingsService } from './telemetry-settings';

const config = { current: () => ({ telemetry: { endpoint: 'http://127.0.0.1:4318' } }), edit: async () => undefined };
let applied = 0;
const telemetry = {
  status: () => ({ enabled: true }),
  apply: async () => void applied++,
  sendTestSpan: async () => ({ ok: true }),
} as unknown as TelemetryService;

const stored = (value: string | undefined): SecretStore => {
  let headers = value;
  return {
    storage: 'keychain',
    canStore: true,
    get: (name) => (name === OTLP_HEADERS_SECRET ? headers : undefined),
    problem: () => undefined,
    set: async (_name, next) => void (headers = next),
  };
};

const service = (secrets: SecretStore, env: NodeJS.ProcessEnv) =>
  new TelemetrySettingsService({ config: config as never, secrets, telemetry, env });

describe('Settings → Telemetry (the environment injected, never process.env)', () => {
  it('says headers are stored only when the injected environment does not set them (it wins)', () => {
    expect(service(stored('a=b'), {}).view()).toMatchObject({ headersStored: true, canStoreHeaders: true });
    expect(service(stored('a=b'), { [OTLP_HEADERS_SECRET]: 'c=d' }).view().headersStored).toBe(false);
    expect(service(stored(undefined), {}).view().headersStored).toBe(false);
  });

  it('stores headers trimmed and applies them; refuses where secrets come only from the environment', async () => {
    const secrets = stored(undefined);
    const before = applied;
    expect((await service(secrets, {}).setHeaders(' a=b ')).headersStored).toBe(true);
    expect(secrets.get(OTLP_HEADERS_SECRET)).toBe('a=b');
    expect(applied).toBe(before + 1);
    await expect(service(environmentSecrets({}), {}).setHeaders('a=b')).rejects.toBeInstanceOf(Unavailable);
  });
});
