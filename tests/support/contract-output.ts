import { routes, type RouteName, type RouteOutput } from '../../src/shared/contract';

/**
 * A service's answer checked against the contract's output for the route that sends it, as the router does with
 * `validateOutput`: a service test catches a view drifting from the contract without going through a route.
 */
export function checkedOutput<N extends RouteName>(route: N, value: RouteOutput<N>): RouteOutput<N> {
  const parsed = routes[route].output.safeParse(value);
  if (!parsed.success) throw new Error(`${route}: the answer is outside the contract: ${parsed.error.message}`);
  return value;
}
