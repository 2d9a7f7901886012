import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { EventName, EventPayload, RouteInput, RouteName, RouteOutput } from '../../../src/shared/contract';
import { wireEventInvalidation } from '../../../src/renderer/src/lib/invalidation';
import { RpcClientError, type EventListener, type RpcClient } from '../../../src/renderer/src/lib/rpc/types';
import { RpcProvider } from '../../../src/renderer/src/lib/rpc-context';

export type FakeHandlers = { [N in RouteName]?: (input: RouteInput<N>) => RouteOutput<N> | Promise<RouteOutput<N>> };

/** An in-memory main: route handlers you supply, a log of requests, and events you push. */
export function createFakeRpc(handlers: FakeHandlers) {
  const listeners = new Set<EventListener>();
  const calls: { route: RouteName; input: unknown }[] = [];
  const client: RpcClient = {
    mode: 'browser',
    async request(route, input) {
      calls.push({ route, input });
      const handler = handlers[route] as ((input: unknown) => unknown) | undefined;
      if (!handler) throw new RpcClientError({ code: 'unknown_route', message: `no fake for ${route}` });
      return (await handler(input)) as never;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connection: () => 'connected',
    onConnectionChange: () => () => undefined,
  };
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    for (const listener of listeners) listener(name, payload);
  };
  const callsTo = (route: RouteName) => calls.filter((call) => call.route === route).map((call) => call.input);
  return { client, calls, callsTo, emit };
}

/** Renders inside the same providers as the app, with main's events invalidating queries as in the Shell. */
export function renderWithRpc(ui: ReactElement, rpc: RpcClient) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const unwire = wireEventInvalidation(rpc, queryClient);
  const inProviders = (node: ReactElement) => (
    <RpcProvider client={rpc}>
      <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
    </RpcProvider>
  );
  const result = render(inProviders(ui));
  /** Renders `next` in the same providers and query cache, as a parent's re-render would. */
  const rerender = (next: ReactElement) => result.rerender(inProviders(next));
  return { ...result, rerender, queryClient, unwire };
}
