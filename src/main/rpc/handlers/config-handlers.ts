import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';

export function createConfigHandlers(config: ConfigStore): Pick<Handlers, 'config.get' | 'config.save'> {
  return {
    // The text and the object leave main with literal secrets masked; a save puts back what it left masked.
    'config.get': () => config.view(),
    'config.save': async ({ raw, baseRevision }) => {
      const before = config.keptBroken.length;
      await config.saveRaw(raw, baseRevision);
      // The operator's earlier text that did not parse was not lost: say where it is.
      const kept = config.keptBroken.slice(before).at(-1);
      return { ...config.view(), ...(kept && { keptBrokenText: kept }) };
    },
  };
}
