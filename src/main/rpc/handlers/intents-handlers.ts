import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';
import { mergeIntoDocument } from '../../core/config/yaml-merge';

export function createIntentHandlers(config: ConfigStore): Pick<Handlers, 'intents.get' | 'intents.save'> {
  const get = () => ({ intents: config.current().intents, revision: config.snapshot().revision });
  return {
    'intents.get': get,
    // The whole tree is validated with the rest of the config (unique ids, known servers) before anything is written.
    'intents.save': async ({ intents, baseRevision }) => {
      config.assertBaseRevision(baseRevision);
      await config.edit((document, current) => mergeIntoDocument(document, ['intents'], current.intents, intents));
      return get();
    },
  };
}
