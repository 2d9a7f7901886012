import { describe, expect, it, vi } from 'vitest';
import { createModelProvider } from '../core/providers/create-provider';

describe('the demo shop model, registered with the provider factory', () => {
  it('is the provider for `provider: demo` when the entry point registers it', async () => {
    const { demoModelProviders } = await import('./model-providers');
    expect(createModelProvider({ provider: 'demo' }, undefined, {}, demoModelProviders)).toMatchObject({
      id: 'demo',
      label: 'offline demo model',
    });
  });

  it('loads its planner when it is first asked (prepare or a stream), not with the rest', async () => {
    vi.resetModules();
    let loaded = 0;
    vi.doMock('./demo-provider', async (original) => {
      loaded++;
      return original();
    });
    try {
      const { demoModelProviders } = await import('./model-providers');
      const demo = demoModelProviders.demo!.create({ provider: 'demo' }, undefined, {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(loaded).toBe(0);
      demo.prepare?.();
      await vi.waitFor(() => expect(loaded).toBe(1));
    } finally {
      vi.doUnmock('./demo-provider');
    }
  });
});
