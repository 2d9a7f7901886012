import { isMap, isSeq, type Document, type YAMLSeq } from 'yaml';
import type { SwitchboardConfig } from '../../../shared/config/schema';
import type { ConfigVocabulary } from '../../../shared/config/vocabulary';
import type { ConfigProblem } from '../../../shared/contract';
import { maskText, restoreMasked, type RestoredSecret } from './masked-text';
import { parseConfigText, parseConfigYaml, validateConfig, type ParsedConfig } from './parse-config';
import { mergeIntoDocument } from './yaml-merge';

/**
 * The work on switchboard.yaml's text: read (parse, validate, mask), apply a structured edit, prepare a
 * whole-file save. Pure functions over strings and plain data, so the same code runs on the main thread
 * for a small file and in the config worker for a large one (config-work.ts).
 */
export interface ConfigReading {
  ok: boolean;
  /** Set when ok. */
  config?: SwitchboardConfig;
  problems: ConfigProblem[];
  /** The text as views that leave main show it (secrets masked, lines kept); '' for a file too large to read. */
  masked: string;
}

/**
 * One change to the YAML document, as plain data (it may cross to the worker). `merge` touches as little
 * as it can (comments survive: yaml-merge.ts); `set` replaces the node; `putServer` replaces the entry
 * with the same name or appends it, writing the value as given (no schema defaults).
 */
export type ConfigEdit =
  | { op: 'merge'; path: (string | number)[]; value: unknown }
  | { op: 'set'; path: (string | number)[]; value: unknown }
  | { op: 'putServer'; server: Record<string, unknown>; replace: boolean };

export type EditOutcome =
  | { ok: true; text: string; reading: ConfigReading }
  /** `base`: the file itself has problems (nothing was edited); otherwise the edit made it invalid. */
  | { ok: false; base: boolean; problems: ConfigProblem[] };

export type SaveOutcome = { ok: true; text: string; reading: ConfigReading } | { ok: false; problems: ConfigProblem[] };

/** Each function takes the process's vocabulary last (what builtin servers and providers a config may name). */
export function readConfig(raw: string, vocabulary?: ConfigVocabulary): ConfigReading {
  return readingOf(raw, parseConfigText(raw, vocabulary));
}

/**
 * readConfig with the event loop handed back (`handBack`) between the YAML and the schema: on the main thread the
 * first read (yaml's and zod's code compiled as it first runs) was one of start-up's longest blocks.
 */
export async function readConfigInTurns(
  raw: string,
  vocabulary: ConfigVocabulary | undefined,
  handBack: () => Promise<void>,
): Promise<ConfigReading> {
  const yaml = parseConfigYaml(raw);
  await handBack();
  return readingOf(raw, validateConfig(yaml, vocabulary));
}

function readingOf(raw: string, parsed: ParsedConfig): ConfigReading {
  const masked = parsed.document ? maskText(raw, parsed.document) : '';
  return parsed.ok
    ? { ok: true, config: parsed.config, problems: [], masked }
    : { ok: false, problems: parsed.problems, masked };
}

export function editConfig(raw: string, edits: readonly ConfigEdit[], vocabulary?: ConfigVocabulary): EditOutcome {
  const current = parseConfigText(raw, vocabulary);
  if (!current.ok) return { ok: false, base: true, problems: current.problems };
  for (const edit of edits) applyEdit(current.document, current.config, edit);
  const text = current.document.toString({ lineWidth: 0 });
  const reading = readConfig(text, vocabulary);
  return reading.ok ? { ok: true, text, reading } : { ok: false, base: false, problems: reading.problems };
}

/** The text to write for a whole-file save of `incoming` (masked secrets put back from `current`), validated. */
export function prepareSave(current: string, incoming: string, vocabulary?: ConfigVocabulary): SaveOutcome {
  const restored = restoreMasked(current, incoming);
  if (!restored.ok) return restored;
  let text = restored.text;
  let reading = readConfig(text, vocabulary);
  if (reading.ok && !holdsLiterals(reading.config!, restored.restored)) {
    // A literal's source did not fit where its mask was moved to (a flow collection, another indent): quote it instead.
    const quoted = restoreMasked(current, incoming, false);
    if (!quoted.ok) return quoted;
    text = quoted.text;
    reading = readConfig(text, vocabulary);
  }
  return reading.ok ? { ok: true, text, reading } : { ok: false, problems: reading.problems };
}

function holdsLiterals(config: SwitchboardConfig, restored: RestoredSecret[]): boolean {
  return restored.every(({ index, path, literal }) => {
    const values = (config.agent.mcp.servers[index] as Record<string, unknown> | undefined)?.[path[0]];
    return typeof values === 'object' && values !== null && (values as Record<string, unknown>)[path[1]] === literal;
  });
}

function applyEdit(document: Document, config: SwitchboardConfig, edit: ConfigEdit): void {
  switch (edit.op) {
    case 'merge':
      return mergeIntoDocument(document, edit.path, valueAt(config, edit.path), edit.value);
    case 'set':
      return document.setIn(
        edit.path,
        typeof edit.value === 'object' && edit.value !== null ? document.createNode(edit.value) : edit.value,
      );
    case 'putServer': {
      const servers = serversSeq(document);
      const node = document.createNode(edit.server);
      const index = edit.replace
        ? servers.items.findIndex((item) => isMap(item) && item.get('name') === edit.server.name)
        : -1;
      if (index >= 0) servers.items[index] = node;
      else servers.items.push(node);
    }
  }
}

function serversSeq(document: Document): YAMLSeq {
  const existing = document.getIn(['agent', 'mcp', 'servers'], true);
  if (isSeq(existing)) return existing;
  document.setIn(['agent', 'mcp', 'servers'], document.createNode([]));
  return document.getIn(['agent', 'mcp', 'servers'], true) as YAMLSeq;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let at = value;
  for (const key of path)
    at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}
