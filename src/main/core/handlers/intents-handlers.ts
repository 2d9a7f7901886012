import { RpcFailure } from '../../../shared/contract';
import type { Handlers } from '../../rpc/router';
import type { ConfigStore } from '../config/config-store';
import { mergeIntoDocument } from '../config/yaml-merge';

/** Refuses a save based on an older read, instead of silently dropping someone else's edit. */
export function assertBaseRevision(config: ConfigStore, baseRevision: number | undefined): void {
  const now = config.snapshot().revision;
  if (baseRevision !== undefined && baseRevision !== now)
    throw new RpcFailure('conflict', `the config changed since you loaded it (revision ${baseRevision}, now ${now}); reload and retry`);
}

export function createIntentHandlers(config: ConfigStore): Pick<Handlers, 'intents.get' | 'intents.save'> {
  const get = () => ({ intents: config.current().intents, revision: config.snapshot().revision });
  return {
    'intents.get': get,
    // The whole tree is validated with the rest of the config (unique ids, known servers) before anything is written.
    'intents.save': async ({ intents, baseRevision }) => {
      assertBaseRevision(config, baseRevision);
      await config.edit((document, current) => mergeIntoDocument(document, ['intents'], current.intents, intents));
      return get();
    },
  };
}
