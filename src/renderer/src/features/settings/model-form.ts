import type { ModelProviderChoice, RouteInput, Settings } from '../../../../shared/contract';
import { i18n } from '../../lib/i18n';
import { ENV_NAME, isHttpUrl, MODEL_SETTINGS_LIMITS as LIMITS } from '../../../../shared/config/rules';

/** A provider's name: a vendor's, or one the entry point registered (main checks it when the config is written). */
export type Provider = Settings['model']['provider'];

/** The provider named `name` among those this process has (main sends them with the settings, in the order offered). */
export const providerNamed = (settings: Settings, name: Provider): ModelProviderChoice | undefined =>
  settings.providers.find((provider) => provider.name === name);

/** What the provider list offers: this process's providers, and the configured one should it be missing from them. */
export const providerOptions = (settings: Settings): Pick<ModelProviderChoice, 'name' | 'label' | 'labelMessage'>[] =>
  providerNamed(settings, settings.model.provider)
    ? settings.providers
    : [...settings.providers, { name: settings.model.provider, label: settings.model.provider }];

/** What the inputs hold: text, as typed. Empty optional fields are left out of the config. */
export interface ModelFormValues {
  provider: Provider;
  baseUrl: string;
  model: string;
  temperature: string;
  apiKeyEnv: string;
  timeoutMs: string;
  maxSteps: string;
  approvalTimeoutMs: string;
}
export type ModelFormErrors = Partial<Record<keyof ModelFormValues, string>>;

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

export function valuesFromSettings(settings: Settings): ModelFormValues {
  const { model } = settings;
  return {
    provider: model.provider,
    baseUrl: text(model.baseUrl),
    model: text(model.model),
    temperature: text(model.temperature),
    apiKeyEnv: text(model.apiKeyEnv),
    timeoutMs: text(model.timeoutMs),
    maxSteps: text(settings.maxSteps),
    approvalTimeoutMs: text(settings.approvalTimeoutMs),
  };
}

function number(raw: string, { min, max, integer }: { min: number; max: number; integer: boolean }): number | string {
  const value = Number(raw.trim());
  if (raw.trim() === '' || Number.isNaN(value)) return i18n.t('settings:modelForm.enterANumber');
  if (integer && !Number.isInteger(value)) return i18n.t('settings:modelForm.enterAWholeNumber');
  if (value < min || value > max) return i18n.t('settings:modelForm.between', { min, max });
  return value;
}

/** settings.saveModel's limits (MODEL_SETTINGS_LIMITS, shared/config/rules.ts), checked before sending so the operator sees them by the field (in the UI language). */
export function validateModelForm(values: ModelFormValues): {
  input?: RouteInput<'settings.saveModel'>;
  errors: ModelFormErrors;
} {
  const errors: ModelFormErrors = {};
  const input: RouteInput<'settings.saveModel'> = { provider: values.provider };

  const baseUrl = values.baseUrl.trim();
  if (baseUrl) {
    if (isHttpUrl(baseUrl)) input.baseUrl = baseUrl;
    else errors.baseUrl = i18n.t('settings:modelForm.fullUrl');
  }
  const model = values.model.trim();
  if (model.length > LIMITS.modelLength)
    errors.model = i18n.t('settings:modelForm.atMost', { count: LIMITS.modelLength });
  else if (model) input.model = model;

  const apiKeyEnv = values.apiKeyEnv.trim();
  if (apiKeyEnv && !ENV_NAME.test(apiKeyEnv)) errors.apiKeyEnv = i18n.t('settings:modelForm.envName');
  else if (apiKeyEnv) input.apiKeyEnv = apiKeyEnv;

  for (const field of ['temperature', 'timeoutMs', 'maxSteps', 'approvalTimeoutMs'] as const) {
    const limits = LIMITS[field];
    if (values[field].trim() === '') continue;
    const parsed = number(values[field], limits);
    if (typeof parsed === 'string') errors[field] = parsed;
    else input[field] = parsed;
  }
  return Object.keys(errors).length ? { errors } : { input, errors };
}
