import type { AppSandbox } from '../../../shared/contract';
import type { Handlers } from '../router';

/** Where this entry point renders MCP Apps: the dispatch's own setting, not a service's. */
export function createAppSandboxHandlers(sandbox: AppSandbox): Pick<Handlers, 'sandbox.proxy'> {
  return { 'sandbox.proxy': () => sandbox };
}
