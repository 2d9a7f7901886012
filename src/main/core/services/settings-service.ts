import type { ModelProviderChoice, ParsedInput, Settings } from '../../../shared/contract';
import { settingsRoutes } from '../../../shared/contract/settings';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import type { ConfigStore } from '../config/config-store';
import { Unavailable } from '../errors';
import { defaultApiKeyEnv, type SecretStore } from '../secrets';
import { withoutEmptyFields } from './form-fields';

/** What Settings → Model saves: the model entry, and the step limit and approval timeout beside it. */
type ApiKeyStatus = Settings['apiKey'];

export type ModelSettingsInput = ParsedInput<'settings.saveModel'>;

/**
 * The model entry's fields Settings → Model edits, read from the route's own input (maxSteps and approvalTimeoutMs
 * belong to `agent`, not to its model entry); any other field of the entry is the file's to keep.
 */
const MODEL_FORM_FIELDS: readonly string[] = Object.keys(settingsRoutes['settings.saveModel'].input.shape).filter(
  (key) => key !== 'maxSteps' && key !== 'approvalTimeoutMs',
);

const fieldsNotInForm = (entry: object) =>
  Object.fromEntries(Object.entries(entry).filter(([key]) => !MODEL_FORM_FIELDS.includes(key)));

export interface SettingsDeps {
  config: Pick<ConfigStore, 'current' | 'snapshot' | 'edit'>;
  secrets: SecretStore;
  /** The model as the chat names it (and its code where ours to translate); throws when the provider can't be made. */
  modelLabel: () => { label: string; labelMessage?: UiMessage };
  /** The environment the process was started with: a key found there is the one in use (`source: env`). */
  env: NodeJS.ProcessEnv;
  /** Puts the embedded servers' data back to its seed (false when none has started, or none is embedded). */
  resetBuiltinData: () => Promise<boolean>;
  /** The providers this process can run (the vendors' and the registered ones), in the order offered. */
  providers: readonly ModelProviderChoice[];
  /** Who calls act as when nobody names an identity (the config's, else the entry point's: the demo shop's customer). */
  defaultActingIdentity?: () => string | undefined;
}

/** Settings → Model and API key: what is configured, where the key comes from, and the operator's changes to both. */
export class SettingsService {
  constructor(private readonly deps: SettingsDeps) {}

  view(): Settings {
    const { config } = this.deps;
    const { agent } = config.current();
    const snapshot = config.snapshot();
    const defaultActingIdentity = this.defaultActingIdentity();
    return {
      model: { ...agent.model, ...this.label(agent.model.provider) },
      providers: [...this.deps.providers],
      apiKey: this.apiKey(),
      maxSteps: agent.maxSteps,
      approvalTimeoutMs: agent.approvalTimeoutMs,
      dataDir: snapshot.dataDir,
      configPath: snapshot.path,
      ...(defaultActingIdentity && { defaultActingIdentity }),
    };
  }

  /** The acting identity when none is given (the CLI's --customer, the console's forms), if the application has one. */
  defaultActingIdentity(): string | undefined {
    return this.deps.defaultActingIdentity?.();
  }

  /** Whether a key is set and where it comes from; the key itself never leaves main. */
  apiKey(): ApiKeyStatus {
    const { config, secrets, env } = this.deps;
    const model = config.current().agent.model;
    const envVar = model.apiKeyEnv ?? defaultApiKeyEnv(model.provider);
    const set = Boolean(secrets.get(envVar));
    const problem = secrets.problem(envVar);
    return {
      set,
      source: set ? (env[envVar] ? 'env' : 'stored') : null,
      envVar,
      canStore: secrets.canStore,
      storage: secrets.storage,
      ...(problem && { problem: problem.text, problemMessage: problem }),
    };
  }

  /**
   * Empty fields are left out of the model entry (the provider's defaults apply). The entry's fields the form does
   * not hold (maxTokens, images) stay as the file has them; merged, so the operator's comments stay too.
   */
  async saveModel({ maxSteps, approvalTimeoutMs, ...model }: ModelSettingsInput): Promise<Settings> {
    const clean = withoutEmptyFields(model);
    await this.deps.config.edit((config) => [
      { op: 'merge', path: ['agent', 'model'], value: { ...fieldsNotInForm(config.agent.model), ...clean } },
      ...(maxSteps !== undefined ? [{ op: 'set' as const, path: ['agent', 'maxSteps'], value: maxSteps }] : []),
      ...(approvalTimeoutMs !== undefined
        ? [{ op: 'set' as const, path: ['agent', 'approvalTimeoutMs'], value: approvalTimeoutMs }]
        : []),
    ]);
    return this.view();
  }

  /** Stores the key under the variable the model reads; an empty key clears it. Refused where keys come only from the environment. */
  async setApiKey(apiKey: string, allowPlainText?: boolean): Promise<ApiKeyStatus> {
    const { secrets } = this.deps;
    const { envVar } = this.apiKey();
    if (secrets.storage === 'environment') throw new Unavailable(say('settings.keysNotStorable', { envVar }));
    await secrets.set(envVar, apiKey.trim(), { allowPlainText });
    return this.apiKey();
  }

  /** Settings → Reset demo data: the built-in servers' data back to its seed. */
  async resetBuiltinData(): Promise<{ reset: boolean }> {
    return { reset: await this.deps.resetBuiltinData() };
  }

  private label(provider: Settings['model']['provider']): { label: string; labelMessage?: UiMessage } {
    try {
      const { label, labelMessage } = this.deps.modelLabel();
      return labelMessage ? { label, labelMessage } : { label };
    } catch (error) {
      const labelMessage = say('provider.notUsable', { provider, detail: errorWords(error) });
      return { label: labelMessage.text, labelMessage };
    }
  }
}
