import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CommandRouteName, QueryRouteName, RouteInput, RouteName, RouteOutput } from '../../../shared/contract';
import { useRpc } from './rpc-context';

/** Query keys are [route, input], so invalidating [route] refreshes every variant of it. */
export function useRpcQuery<N extends QueryRouteName>(
  route: N,
  input: RouteInput<N>,
  options: Omit<UseQueryOptions<RouteOutput<N>>, 'queryKey' | 'queryFn'> = {},
) {
  const rpc = useRpc();
  return useQuery<RouteOutput<N>>({ queryKey: [route, input], queryFn: () => rpc.request(route, input), ...options });
}

/**
 * A command. `invalidates` lists only what main does not announce: a change main follows with an event (config,
 * catalog, chat, approvals) is refreshed by that event (lib/invalidation.ts), once.
 */
export function useRpcMutation<N extends CommandRouteName>(route: N, invalidates: RouteName[] = []) {
  const rpc = useRpc();
  const queryClient = useQueryClient();
  return useMutation<RouteOutput<N>, Error, RouteInput<N>>({
    mutationFn: (input) => rpc.request(route, input),
    onSuccess: () => {
      for (const key of invalidates) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
