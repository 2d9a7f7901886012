import type { Settings } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';
import { defaultApiKeyEnv, type SecretStore } from '../../core/secrets';
import { Unavailable } from '../../core/errors';
import { say } from '../../../shared/messages';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';

export function createSettingsHandlers(
  config: ConfigStore,
  secrets: SecretStore,
  modelLabel: () => string,
): Pick<Handlers, 'settings.get' | 'settings.saveModel' | 'settings.setApiKey'> {
  const apiKeyStatus = () => {
    const model = config.current().agent.model;
    const envVar = model.apiKeyEnv ?? defaultApiKeyEnv(model.provider);
    const fromEnv = Boolean(process.env[envVar]);
    const set = Boolean(secrets.get(envVar));
    const problem = secrets.problem(envVar);
    return {
      set,
      source: set ? (fromEnv ? 'env' : 'stored') : null,
      envVar,
      canStore: secrets.canStore,
      storage: secrets.storage,
      ...(problem && { problem: problem.text, problemMessage: problem }),
    } as const;
  };
  const view = (): Settings => {
    const { agent } = config.current();
    const snapshot = config.snapshot();
    let label: string;
    let labelMessage: UiMessage | undefined;
    try {
      label = modelLabel();
      // The demo's name is ours to translate (the provider is typed; no label is compared).
      if (agent.model.provider === 'demo') labelMessage = say('provider.demoLabel', {}, label);
    } catch (error) {
      labelMessage = say('provider.notUsable', { provider: agent.model.provider, detail: errorWords(error) });
      label = labelMessage.text;
    }
    return {
      model: { ...agent.model, label, ...(labelMessage && { labelMessage }) },
      apiKey: apiKeyStatus(),
      maxSteps: agent.maxSteps,
      approvalTimeoutMs: agent.approvalTimeoutMs,
      dataDir: snapshot.dataDir,
      configPath: snapshot.path,
    };
  };
  return {
    'settings.get': view,
    'settings.saveModel': async ({ maxSteps, approvalTimeoutMs, ...model }) => {
      const clean = Object.fromEntries(Object.entries(model).filter(([, v]) => v !== undefined && v !== ''));
      await config.edit(() => [
        { op: 'set', path: ['agent', 'model'], value: clean },
        ...(maxSteps !== undefined ? [{ op: 'set' as const, path: ['agent', 'maxSteps'], value: maxSteps }] : []),
        ...(approvalTimeoutMs !== undefined
          ? [{ op: 'set' as const, path: ['agent', 'approvalTimeoutMs'], value: approvalTimeoutMs }]
          : []),
      ]);
      return view();
    },
    'settings.setApiKey': async ({ apiKey, allowPlainText }) => {
      if (secrets.storage === 'environment')
        throw new Unavailable(say('settings.keysNotStorable', { envVar: apiKeyStatus().envVar }));
      await secrets.set(apiKeyStatus().envVar, apiKey.trim(), { allowPlainText });
      return apiKeyStatus();
    },
  };
}
