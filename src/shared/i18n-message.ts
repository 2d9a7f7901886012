import { z } from 'zod';

/**
 * A user-facing sentence composed outside the renderer (catalog reasons, explain details, errors from main).
 * `code` names the message (e.g. `catalog.reason.notMounted`), `params` are the values it inserts — server data
 * such as tool ids and server names, inserted verbatim, never translated — and `text` is its English rendering,
 * the one the CLI, `--json` output and logs print. The renderer translates `code` + `params` through i18next and
 * falls back to `text` for a code it does not know.
 */
export interface UiMessage {
  code: string;
  params?: Record<string, string | number>;
  text: string;
}

export const uiMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  text: z.string(),
});
