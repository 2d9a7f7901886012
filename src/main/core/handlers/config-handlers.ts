import type { Handlers } from '../../rpc/router';
import type { ConfigStore } from '../config/config-store';

export function createConfigHandlers(config: ConfigStore): Pick<Handlers, 'config.get' | 'config.save'> {
  return {
    'config.get': () => config.snapshot(),
    'config.save': ({ raw, baseRevision }) => config.saveRaw(raw, baseRevision),
  };
}
