import { errorText } from './error-text';

/**
 * The one message type. A user-facing sentence composed outside the renderer (catalog reasons, explain details,
 * errors from main) is a code from the one table of templates (shared/messages, MESSAGES) and its params: server data
 * such as tool ids and server names, inserted verbatim, never translated. A param may be text or a number, a list
 * of texts, a message, or a list of messages; the template says how a list is joined (see formatMessage). The
 * renderer translates `code` + `params` through i18next (namespace `messages`).
 */
export interface Message<Code extends string = string> {
  code: Code;
  params?: Readonly<Record<string, MessageParam>>;
}
export type MessageParam = string | number | readonly string[] | Message | readonly Message[];

/**
 * A message that leaves main with its English rendering (`text`): the one the CLI, `--json` output and logs print,
 * and the renderer's fallback for a code it does not know. Built by `say` (shared/messages); a bare Message (`msg`)
 * is for sentences the catalog composes by the thousand, rendered only when shown.
 */
export interface UiMessage<Code extends string = string> extends Message<Code> {
  text: string;
}

/**
 * The message an error carries for the console, if it carries one: main's own failures (DomainError,
 * ProviderError, AuthFailure, a conversation log's) keep their sentence as `uiMessage` beside the English `message`.
 */
export function carriedMessage(error: unknown): UiMessage | undefined {
  const carried = error instanceof Error ? (error as { uiMessage?: unknown }).uiMessage : undefined;
  return carried !== null && typeof carried === 'object' && typeof (carried as UiMessage).code === 'string'
    ? (carried as UiMessage)
    : undefined;
}

/** An error as a message param: the message it carries when it is one of ours, else its words verbatim. */
export function errorWords(error: unknown): string | UiMessage {
  return carriedMessage(error) ?? errorText(error);
}

/**
 * How a template inserts a param: `{{name}}` as is, `{{name, list}}` a list ("a, b"), `{{name, or}}` ("a or b"),
 * `{{name, and}}` ("a, b and c"), `{{name, clauses}}` ("a; b"), `{{name, number}}` (1,234). i18next's interpolation syntax, so the same
 * templates are the renderer's English resources; the renderer registers these formats for each language.
 */
export const MESSAGE_FORMATS = ['list', 'or', 'and', 'clauses', 'number'] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/** The names a template inserts, sorted; the same in every language (locales.test.ts). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();
}

type Segment = string | { name: string; format: string | undefined };
const compiled = new Map<string, Segment[]>();

function compile(template: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > last) segments.push(template.slice(last, m.index));
    segments.push({ name: m[1], format: m[2] });
    last = m.index + m[0].length;
  }
  if (last < template.length) segments.push(template.slice(last));
  return segments;
}

/** English joins; the renderer's i18next formats do the same per language. */
export function joinEnglish(items: readonly string[], format: string | undefined): string {
  if (format === 'or') return items.join(' or ');
  if (format === 'clauses') return items.join('; ');
  if (format === 'and')
    return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  return items.join(', ');
}

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one English rendering of a message, for the CLI, `--json`, logs and the renderer's fallback. An unknown code
 * renders as the code itself; a missing param as nothing (an optional clause left out).
 */
export function formatMessage(templates: Readonly<Record<string, string>>, message: Message): string {
  const template = templates[message.code];
  if (template === undefined) return message.code;
  let segments = compiled.get(template);
  if (!segments) compiled.set(template, (segments = compile(template)));
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'string') {
      out += segment;
      continue;
    }
    const value = message.params?.[segment.name];
    if (value === undefined) continue;
    if (typeof value === 'string') out += value;
    else if (typeof value === 'number') out += segment.format === 'number' ? value.toLocaleString('en') : String(value);
    else if (Array.isArray(value))
      out += joinEnglish(
        value.map((item: string | Message) => (typeof item === 'string' ? item : formatMessage(templates, item))),
        segment.format,
      );
    else if (isMessage(value)) out += formatMessage(templates, value);
  }
  return out;
}
