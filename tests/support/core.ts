import { demoShopBundle } from '../../src/main/demo-shop/bundle';
import { createCore, type Core, type CoreOptions } from '../../src/main/core/app';
import { createDispatch } from '../../src/main/rpc/dispatch';
import type { Dispatch } from '../../src/main/rpc/router';

export interface TestCoreOptions extends CoreOptions {
  /** Parse every handler's output against the contract (default true: catches handlers drifting from it). */
  validateOutput?: boolean;
}

export type TestCore = Core & { dispatch: Dispatch };

/**
 * The core as an entry point builds it: the embedded shop and the demo model injected, and the routes dispatched over its
 * services, with outputs validated against the contract.
 */
export async function createTestCore(options: TestCoreOptions): Promise<TestCore> {
  const { validateOutput = true, ...coreOptions } = options;
  const core = await createCore({
    ...demoShopBundle(),
    ...coreOptions,
  });
  return Object.assign(core, { dispatch: createDispatch(core, { validateOutput, log: options.log }) });
}
