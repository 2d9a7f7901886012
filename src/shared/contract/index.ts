import type { z } from 'zod';
import { configRoutes } from './config';
import { approvalRoutes } from './approvals';
import { chatRoutes } from './chat';
import { recordRoutes } from './records';
import { settingsRoutes } from './settings';
import { appEvents } from './events';
import { approvalEvents } from './approvals';
import { chatEvents } from './chat';
import { recordEvents } from './records';
import { serverEvents, serverRoutes } from './servers';
import { catalogEvents, catalogRoutes } from './catalog';
import { intentRoutes } from './intents';
import { skillEvents, skillRoutes } from './skills';
import { workbenchEvents, workbenchRoutes } from './workbench';
import { requestEvents, requestRoutes } from './requests';
import { serverLogEvents, serverLogRoutes } from './server-logs';
import { resourceEvents, resourceRoutes } from './resources';
import { preferencesEvents, preferencesRoutes } from './preferences';
import { telemetryRoutes } from './telemetry';
import { appRoutes } from './apps';
import { appSandboxRoutes } from './app-sandbox';
import type { RouteDef } from './define';

export * from './define';
export * from './result';
export * from './ws-frames';
export * from './config';
export * from './chat';
export * from './approvals';
export * from './records';
export * from './settings';
export * from './servers';
export * from './catalog';
export * from './intents';
export * from './skills';
export * from './workbench';
export * from './requests';
export * from './server-logs';
export * from './resources';
export * from './preferences';
export * from './telemetry';
export * from './apps';
export * from './app-sandbox';

/** Every route in the app. Adding one here without a handler fails to compile in main. */
export const routes = {
  ...configRoutes,
  ...settingsRoutes,
  ...chatRoutes,
  ...approvalRoutes,
  ...recordRoutes,
  ...serverRoutes,
  ...catalogRoutes,
  ...intentRoutes,
  ...skillRoutes,
  ...workbenchRoutes,
  ...requestRoutes,
  ...serverLogRoutes,
  ...resourceRoutes,
  ...preferencesRoutes,
  ...telemetryRoutes,
  ...appRoutes,
  ...appSandboxRoutes,
} satisfies Record<string, RouteDef>;

export const events = {
  ...appEvents,
  ...chatEvents,
  ...approvalEvents,
  ...recordEvents,
  ...serverEvents,
  ...catalogEvents,
  ...skillEvents,
  ...workbenchEvents,
  ...requestEvents,
  ...serverLogEvents,
  ...resourceEvents,
  ...preferencesEvents,
} satisfies Record<string, z.ZodType>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteInput<N extends RouteName> = z.input<Routes[N]['input']>;
export type ParsedInput<N extends RouteName> = z.output<Routes[N]['input']>;
export type RouteOutput<N extends RouteName> = z.output<Routes[N]['output']>;
export type QueryRouteName = { [N in RouteName]: Routes[N]['kind'] extends 'query' ? N : never }[RouteName];
export type CommandRouteName = Exclude<RouteName, QueryRouteName>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
