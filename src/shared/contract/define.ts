import type { z } from 'zod';

/** A query reads state and may be retried or cached; a command changes state. */
export type RouteKind = 'query' | 'command';

export interface RouteDef<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  K extends RouteKind = RouteKind,
> {
  kind: K;
  input: I;
  output: O;
}

export const query = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): RouteDef<I, O, 'query'> => ({
  kind: 'query',
  input,
  output,
});

export const command = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): RouteDef<I, O, 'command'> => ({
  kind: 'command',
  input,
  output,
});
