import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { configSchemaFor, type SwitchboardConfig } from '../../../shared/config/schema';
import type { ConfigVocabulary } from '../../../shared/config/vocabulary';
import type { ConfigProblem } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { zodIssueMessage } from '../../../shared/messages/zod-issue';

export type ParsedConfig =
  | { ok: true; config: SwitchboardConfig; document: Document; problems: [] }
  | { ok: false; problems: ConfigProblem[]; document?: Document };

/**
 * What one switchboard.yaml may hold. Parsing is synchronous and ~2-4 s per MB on a busy machine (a 28 MB
 * file held the event loop for 59 s), so a file over the size cap is refused before it is parsed (and a
 * large one below it is parsed off the main thread: config-work.ts); the entry caps keep every later
 * pass (catalog, tree editor) bounded too.
 */
export const CONFIG_LIMITS = { bytes: 2 * 1024 * 1024, servers: 2_000, intentNodes: 20_000, skills: 2_000 } as const;

/**
 * Parses YAML then validates with zod, reporting each problem with its path and, where known, its line. With a
 * vocabulary, a builtin server or model provider this process does not have is one of those problems.
 */
export function parseConfigText(raw: string, vocabulary?: ConfigVocabulary): ParsedConfig {
  return validateConfig(parseConfigYaml(raw), vocabulary);
}

/** A config text read as YAML, not yet validated: the first of parseConfigText's two steps. */
export type ConfigYaml = ParsedYaml | { ok: false; problems: ConfigProblem[]; document?: Document };

/** The size cap, then the YAML. Apart from `validateConfig`, so a caller can hand the event loop back in between. */
export function parseConfigYaml(raw: string): ConfigYaml {
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > CONFIG_LIMITS.bytes)
    return {
      ok: false,
      problems: [
        problemOf('', say('config.tooLarge', { size: megabytes(bytes), limit: megabytes(CONFIG_LIMITS.bytes) })),
      ],
    };
  return parseYamlDocument(raw);
}

/** The schema (and the entry caps) over what parseConfigYaml read. */
export function validateConfig(yaml: ConfigYaml, vocabulary?: ConfigVocabulary): ParsedConfig {
  if (!yaml.ok) return yaml;
  const parsed = validateYamlDocument(yaml, configSchemaFor(vocabulary));
  if (!parsed.ok) return parsed;
  const problems = overLimits(parsed.value);
  if (problems.length > 0) return { ok: false, document: parsed.document, problems };
  return { ok: true, config: parsed.value, document: parsed.document, problems: [] };
}

function overLimits(config: SwitchboardConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const over = (
    path: string,
    count: number,
    limit: number,
    code: 'config.tooManyServers' | 'config.tooManyIntentNodes' | 'config.tooManySkills',
  ) => {
    if (count > limit)
      problems.push(
        problemOf(path, say(code, { limit: limit.toLocaleString('en-US'), count: count.toLocaleString('en-US') })),
      );
  };
  over('agent.mcp.servers', config.agent.mcp.servers.length, CONFIG_LIMITS.servers, 'config.tooManyServers');
  over('intents', countNodes(config.intents), CONFIG_LIMITS.intentNodes, 'config.tooManyIntentNodes');
  over('skills', config.skills.length, CONFIG_LIMITS.skills, 'config.tooManySkills');
  return problems;
}

function countNodes(nodes: SwitchboardConfig['intents']): number {
  let count = 0;
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count += 1;
    if (node.kind === 'category') stack.push(...node.children);
  }
  return count;
}

const problemOf = (path: string, message: UiMessage): ConfigProblem => ({
  path,
  message: message.text,
  uiMessage: message,
});

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Any YAML file we own (switchboard.yaml, cases.yaml): parsed, validated with `schema`, each problem with its line. */
export function parseYamlText<S extends z.ZodType>(raw: string, schema: S): ValidatedYaml<S> {
  const parsed = parseYamlDocument(raw);
  return parsed.ok ? validateYamlDocument(parsed, schema) : parsed;
}

type ValidatedYaml<S extends z.ZodType> =
  | { ok: true; value: z.output<S>; document: Document; problems: [] }
  | { ok: false; problems: ConfigProblem[]; document?: Document };

/** A YAML document that parsed without errors, with the line counter its problems are located by. */
export interface ParsedYaml {
  ok: true;
  document: Document;
  lineCounter: LineCounter;
}

/** parseYamlText's first step: the YAML alone, each syntax error with its line. */
function parseYamlDocument(raw: string): ParsedYaml | { ok: false; problems: ConfigProblem[]; document: Document } {
  const lineCounter = new LineCounter();
  const document = parseDocument(raw, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    // In the order they occur: the first is the mistake, those after it often only follow from it.
    const errors = [...document.errors].sort((a, b) => a.pos[0] - b.pos[0]);
    const firstLine = lineCounter.linePos(errors[0].pos[0]).line;
    return {
      ok: false,
      document, // what could be read, for masking the text it came from
      problems: errors.map((error, index) => {
        const pos = lineCounter.linePos(error.pos[0]);
        // The yaml library's own words stay as they are; only the framing is ours to translate.
        const message = say('config.yaml', { message: error.message.split('\n')[0] });
        return {
          ...problemOf('', message),
          line: pos.line,
          column: pos.col,
          ...(index > 0 ? { followsFromLine: firstLine } : {}),
        };
      }),
    };
  }
  return { ok: true, document, lineCounter };
}

/** parseYamlText's second step: the document as JavaScript, validated with `schema`, each problem with its line. */
function validateYamlDocument<S extends z.ZodType>({ document, lineCounter }: ParsedYaml, schema: S): ValidatedYaml<S> {
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(document.toJS() ?? {}) as ReturnType<S['safeParse']>;
  } catch (error) {
    // An alias bomb (yaml throws past maxAliasCount) or nesting deep enough to overflow zod: a problem
    // to report, never an exception, or a file-watch reload would die as an unhandled rejection.
    return {
      ok: false,
      document,
      problems: [problemOf('', say('config.unreadable', { detail: (error as Error).message }))],
    };
  }
  if (result.success) return { ok: true, value: result.data as z.output<S>, document, problems: [] };
  return {
    ok: false,
    document,
    problems: byLine(result.error.issues.map((issue) => locateIssue(issue, document, lineCounter))),
  };
}

/** Top of the file first (stable for problems on one line; those without a line last), as an operator reads it. */
const byLine = (problems: ConfigProblem[]): ConfigProblem[] =>
  problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => (a.problem.line ?? Infinity) - (b.problem.line ?? Infinity) || a.index - b.index)
    .map((p) => p.problem);

function locateIssue(issue: z.core.$ZodIssue, document: Document, lineCounter: LineCounter): ConfigProblem {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const uiMessage = zodIssueMessage(issue);
  const problem: ConfigProblem = { path: path.join('.'), message: issue.message, ...(uiMessage ? { uiMessage } : {}) };
  // An unknown key is reported on its object: point at the key itself (the object may start 90 lines above it).
  if (issue.code === 'unrecognized_keys') {
    const owner = path.length === 0 ? document.contents : document.getIn(path, true);
    const pair = isMap(owner)
      ? owner.items.find((item) => isScalar(item.key) && issue.keys.includes(String(item.key.value)))
      : undefined;
    const range = isScalar(pair?.key) ? pair.key.range : undefined;
    if (range) {
      const pos = lineCounter.linePos(range[0]);
      return { ...problem, line: pos.line, column: pos.col };
    }
  }
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
