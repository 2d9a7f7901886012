import { z } from 'zod';
import { uiMessageSchema } from './message';
import { command, query } from './define';

export const configProblemSchema = z.object({
  path: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  /**
   * A YAML syntax error after the first one: the parser often reports a cascade from one mistake (a bad indent makes
   * the next lines unreadable too). Names the first error's line, which is where to look first.
   */
  followsFromLine: z.number().int().optional(),
  /** `message` as a code and params the console translates (absent where only the English is known). */
  uiMessage: uiMessageSchema.optional(),
});
export type ConfigProblem = z.infer<typeof configProblemSchema>;

/** The config as the UI sees it: the parsed object is passed through untyped here; the domain schema validates it. */
export const configSnapshotSchema = z.object({
  path: z.string(),
  dataDir: z.string(),
  raw: z.string(),
  config: z.unknown(),
  /** Set when the file on disk does not parse or validate: `config` is then the last good one in memory. */
  problems: z.array(configProblemSchema),
  fileOk: z.boolean(),
  revision: z.number().int(),
  /** config.save only: the file's earlier text did not parse, and this save kept it here (switchboard.yaml.broken-<ts>). */
  keptBrokenText: z.string().optional(),
});
export type ConfigSnapshot = z.infer<typeof configSnapshotSchema>;

export const configRoutes = {
  'config.get': query(z.object({}).strict().default({}), configSnapshotSchema),
  /** Saves raw YAML text; it is parsed and validated first and never written while it fails. */
  'config.save': command(
    z.object({ raw: z.string().max(2_000_000), baseRevision: z.number().int().optional() }).strict(),
    configSnapshotSchema,
  ),
};
