import { demoShopBundle } from '../../src/main/demo-shop/bundle';
import { coreParts, createCore, type Core, type CoreOptions, type CoreParts } from '../../src/main/core/app';
import { createDispatch } from '../../src/main/rpc/dispatch';
import type { Dispatch } from '../../src/main/rpc/router';

export interface TestCoreOptions extends CoreOptions {
  /** Parse every handler's output against the contract (default true: catches handlers drifting from it). */
  validateOutput?: boolean;
}

/** The core with its parts beside its services (test-only: `coreParts`), and its routes. */
export type TestCore = Core & CoreParts & { dispatch: Dispatch };

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
  return { ...core, ...coreParts(core), dispatch: createDispatch(core, { validateOutput, log: options.log }) };
}

/**
 * The test core most tests want on a data directory: no config watcher, no log, no health checks between calls.
 * `more` adds or replaces options.
 */
export const createQuietTestCore = (dataDir: string, more: Partial<TestCoreOptions> = {}): Promise<TestCore> =>
  createTestCore({
    dataDir,
    watchConfig: false,
    log: () => undefined,
    connections: { healthCheckIntervalMs: 0 },
    ...more,
  });
