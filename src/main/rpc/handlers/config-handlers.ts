import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';

export function createConfigHandlers(config: ConfigStore): Pick<Handlers, 'config.get' | 'config.save'> {
  return {
    'config.get': () => config.snapshot(),
    'config.save': ({ raw, baseRevision }) => config.saveRaw(raw, baseRevision),
  };
}
