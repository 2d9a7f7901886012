import type { Result } from '../../../../shared/contract';
import { RpcClientError, type PreloadApi, type RpcClient } from './types';

export function createIpcClient(api: PreloadApi): RpcClient {
  return {
    mode: 'desktop',
    async request(route, input) {
      const result = (await api.request(route, input)) as Result<never>;
      if (!result.ok) throw new RpcClientError(result.error);
      return result.data;
    },
    on: (listener) => api.on((name, payload) => listener(name as never, payload)),
    connection: () => 'connected',
    onConnectionChange: () => () => undefined,
  };
}
