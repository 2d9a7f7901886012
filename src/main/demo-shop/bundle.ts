import { createBuiltinServers } from './builtin-servers';
import type { CoreOptions } from '../core/app';
import { demoShopConfigText } from './default-config';
import { DEMO_SHOP_KNOWLEDGE } from './knowledge';
import { demoModelProviders } from './model-providers';

/** What the demo shop adds to the generic core; each entry point spreads it into createCore's options. */
export type DemoShopBundle = Required<
  Pick<CoreOptions, 'defaultConfigText' | 'builtinServers' | 'modelProviders' | 'knowledge' | 'defaultActingIdentity'>
>;

/** The seeded customer the console, the CLI and cases.yaml act as unless told otherwise. */
export const DEMO_SHOP_ACTING_IDENTITY = 'u1001';

/**
 * The demo shop: its first-run config (the embedded server, its prompt, its intents), the embedded server itself
 * (started on first use; Settings resets its data) and its offline model, and its customer as the default acting identity. A fresh one per core: the server is per
 * process, with its own token.
 */
export function demoShopBundle(): DemoShopBundle {
  return {
    defaultConfigText: demoShopConfigText(),
    builtinServers: createBuiltinServers(),
    modelProviders: demoModelProviders,
    knowledge: DEMO_SHOP_KNOWLEDGE,
    defaultActingIdentity: DEMO_SHOP_ACTING_IDENTITY,
  };
}
