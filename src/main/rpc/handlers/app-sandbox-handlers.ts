import type { AppSandbox } from '../../../shared/contract';
import type { Handlers } from '../router';

export function createAppSandboxHandlers(sandbox: AppSandbox | undefined): Pick<Handlers, 'sandbox.proxy'> {
  return { 'sandbox.proxy': () => sandbox ?? { origin: null, proxyUrl: null } };
}
