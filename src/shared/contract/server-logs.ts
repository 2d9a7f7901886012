import { z } from 'zod';
import { command, query } from './define';

/** MCP's (syslog's) levels, least to most severe. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

/**
 * One line of a server's log: a `notifications/message` from the server, a line of a stdio server's stderr, or
 * what the host itself noted about the connection (connected, lost, failed).
 */
export const serverLogEntrySchema = z.object({
  /** Increases by one per entry of this server, across reconnects: a gap means lines fell out of the ring. */
  seq: z.number().int(),
  at: z.string(),
  source: z.enum(['server', 'stderr', 'host']),
  level: logLevelSchema,
  /** The server's `logger` name, if it gave one. */
  logger: z.string().nullable(),
  text: z.string(),
});
export type ServerLogEntry = z.infer<typeof serverLogEntrySchema>;

export const serverLogViewSchema = z.object({
  name: z.string(),
  /** Oldest first; at most `capacity` entries. */
  entries: z.array(serverLogEntrySchema),
  capacity: z.number().int(),
  /**
   * The minimum level asked of the server (logging/setLevel on 2025, each request's _meta on 2026-07-28), or null when
   * none was asked.
   */
  level: logLevelSchema.nullable(),
  /** Whether the connected server offers the logging capability (so a level can be asked of it). */
  canSetLevel: z.boolean(),
});
export type ServerLogView = z.infer<typeof serverLogViewSchema>;

const serverName = z.string().min(1).max(64);

export const serverLogRoutes = {
  'servers.logs': query(z.strictObject({ name: serverName }), serverLogViewSchema),
  /**
   * The level asked of the connected server: logging/setLevel on 2025 (again after every reconnect), each request's
   * _meta on 2026-07-28.
   */
  'servers.setLogLevel': command(z.strictObject({ name: serverName, level: logLevelSchema }), serverLogViewSchema),
};

export const serverLogEvents = {
  /** New lines of one server's log (batched): appended to a held log view. */
  'servers.logged': z.object({ name: z.string(), entries: z.array(serverLogEntrySchema) }),
};
