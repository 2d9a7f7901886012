import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { switchboardConfigSchema, type SwitchboardConfig } from '../../../shared/config/schema';
import type { ConfigProblem } from '../../../shared/contract';

export type ParsedConfig =
  | { ok: true; config: SwitchboardConfig; document: Document; problems: [] }
  | { ok: false; problems: ConfigProblem[]; document?: Document };

/** Parses YAML then validates with zod, reporting each problem with its path and, where known, its line. */
export function parseConfigText(raw: string): ParsedConfig {
  const parsed = parseYamlText(raw, switchboardConfigSchema);
  return parsed.ok ? { ok: true, config: parsed.value, document: parsed.document, problems: [] } : parsed;
}

/** Any YAML file we own (switchboard.yaml, cases.yaml): parsed, validated with `schema`, each problem with its line. */
export function parseYamlText<S extends z.ZodType>(
  raw: string,
  schema: S,
): { ok: true; value: z.output<S>; document: Document; problems: [] } | { ok: false; problems: ConfigProblem[]; document?: Document } {
  const lineCounter = new LineCounter();
  const document = parseDocument(raw, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((error) => {
        const pos = lineCounter.linePos(error.pos[0]);
        return { path: '', message: `YAML: ${error.message.split('\n')[0]}`, line: pos.line, column: pos.col };
      }),
    };
  }
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(document.toJS() ?? {}) as ReturnType<S['safeParse']>;
  } catch (error) {
    // An alias bomb (yaml throws past maxAliasCount) or nesting deep enough to overflow zod: a problem
    // to report, never an exception, or a file-watch reload would die as an unhandled rejection.
    return { ok: false, document, problems: [{ path: '', message: `the document cannot be read: ${(error as Error).message}` }] };
  }
  if (result.success) return { ok: true, value: result.data as z.output<S>, document, problems: [] };
  return { ok: false, document, problems: result.error.issues.map((issue) => locateIssue(issue, document, lineCounter)) };
}

function locateIssue(issue: z.core.$ZodIssue, document: Document, lineCounter: LineCounter): ConfigProblem {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const problem: ConfigProblem = { path: path.join('.'), message: issue.message };
  // Walk up until a node with a source range exists (a missing key has none; its parent does).
  for (let depth = path.length; depth >= 0; depth--) {
    const node = document.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) {
      const pos = lineCounter.linePos(node.range[0]);
      return { ...problem, line: pos.line, column: pos.col };
    }
  }
  return problem;
}
