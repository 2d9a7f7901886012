import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';

export function createIntentHandlers(config: ConfigStore): Pick<Handlers, 'intents.get' | 'intents.save'> {
  const get = () => ({ intents: config.current().intents, revision: config.snapshot().revision });
  return {
    'intents.get': get,
    // The whole tree is validated with the rest of the config (unique ids, known servers) before anything is written.
    'intents.save': async ({ intents, baseRevision }) => {
      config.assertBaseRevision(baseRevision);
      await config.edit(() => [{ op: 'merge', path: ['intents'], value: intents }]);
      return get();
    },
  };
}
