import { say } from '../../shared/messages';
import { PROVIDER_MESSAGES } from '../../shared/messages/provider-messages';
import { lazyProvider } from '../core/providers/create-provider';
import type { ModelProviderRegistry } from '../core/providers/types';

/** The offline demo model's label (here, so naming it does not load its module); the console translates it. */
export const DEMO_LABEL = PROVIDER_MESSAGES['provider.demoLabel'];

/**
 * The demo shop's offline model, registered by the entry points as the config's `provider: demo`. Its planner,
 * replies and flows (~30 KB) load on the first model call, not at start-up.
 */
export const demoModelProviders: ModelProviderRegistry = {
  demo: {
    create: () =>
      lazyProvider('demo', say('provider.demoLabel', {}, DEMO_LABEL), async () =>
        (await import('./demo-provider')).createDemoProvider(),
      ),
    label: say('provider.demoLabel', {}, DEMO_LABEL),
    needsApiKey: false,
    offline: true,
  },
};
