import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';

export function createConfigHandlers(config: ConfigStore): Pick<Handlers, 'config.get' | 'config.save'> {
  return {
    // The text and the object leave main with literal secrets masked; a save puts back what it left masked.
    'config.get': () => config.view(),
    'config.save': async ({ raw, baseRevision }) => {
      await config.saveRaw(raw, baseRevision);
      return config.view();
    },
  };
}
