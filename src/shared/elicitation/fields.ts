import type { UiMessage } from '../i18n-message';
import { say } from '../messages';

/**
 * The elicitation form, as data. MCP restricts a form's `requestedSchema` to a flat object of primitives
 * (string with format and length, number, integer, boolean, single- and multi-select enums in their three
 * spellings). This module turns that subset into fields, fills in defaults and checks an answer, so the
 * console's form, the CLI's prompts and main's check of every answer share one reading of the schema.
 * Written here rather than taken from a JSON-schema form library: those render (and validate) in the
 * browser only, while main and the CLI need the same rules, and the subset is small and closed.
 */

export type ElicitFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'select' | 'multiselect';
export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';
export type ElicitValue = string | number | boolean | string[];

export interface ElicitOption {
  value: string;
  label: string;
}

export interface ElicitField {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  kind: ElicitFieldKind;
  format?: TextFormat;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  options?: ElicitOption[];
  default?: ElicitValue;
  /** Looks like a credential (see looksSecret): the form warns and hides it, and its answer is never stored. */
  secret: boolean;
}

/** What an answer to a secret field is stored as (records, conversation logs, events); the server gets the value. */
export const SECRET_ANSWER_MARKER = '•••• (not stored)';

/** Words in a field's name or title that ask for a credential. `key` alone counts: "API key", "api_key", "privateKey". */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'passcode',
  'secret',
  'token',
  'key',
  'apikey',
  'credential',
  'credentials',
  'pin',
  'otp',
  'totp',
  'mfa',
  '2fa',
  'cvv',
  'cvc',
  'ssn',
  'seed',
  'mnemonic',
]);
/** The same in Chinese, matched as substrings (no word breaks): 密码 password, 口令 passphrase, 密钥/秘钥 key, 令牌 token, 验证码 one-time code. */
const SECRET_TEXT = /密码|口令|密钥|秘钥|令牌|验证码|私钥/;

/**
 * Whether a form field asks for a secret: `format: password` or `writeOnly` (where a schema carries them), or a
 * word of its name or title such as password, token, secret, key, api_key, PIN (not its description, where
 * "key" is often just a word). Split on case, `_`, `-` and spaces: `apiKey` and `API_KEY` are caught, `keyword` is not.
 */
export function looksSecret(name: string, prop: Record<string, unknown> = {}): boolean {
  if (prop.format === 'password' || prop.writeOnly === true) return true;
  const texts = [name, str(prop.title) ?? ''];
  return texts.some((text) => SECRET_TEXT.test(text) || wordsOf(text).some((word) => SECRET_WORDS.has(word)));
}

function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The answer as it may be kept: each secret field's value replaced by SECRET_ANSWER_MARKER. */
export function withoutSecretAnswers(
  fields: readonly ElicitField[],
  content: Record<string, unknown>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...content };
  for (const field of fields) if (field.secret && field.name in kept) kept[field.name] = SECRET_ANSWER_MARKER;
  return kept;
}

export interface ContentProblem {
  field: string;
  /** English, as the CLI prints it; `uiMessage` is the code the console translates (the label inserted verbatim). */
  message: string;
  uiMessage: UiMessage;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The fields of a form-mode requestedSchema, in the schema's property order. */
export function elicitationFields(schema: Json | undefined): ElicitField[] {
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema?.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
  return Object.entries(properties).flatMap(([name, raw]) =>
    isObject(raw) ? [fieldOf(name, raw, required.has(name))] : [],
  );
}

function fieldOf(name: string, prop: Json, required: boolean): ElicitField {
  const base = {
    name,
    label: str(prop.title) ?? name,
    ...(str(prop.description) ? { description: str(prop.description) } : {}),
    required,
    secret: looksSecret(name, prop),
  };
  if (prop.type === 'boolean')
    return { ...base, kind: 'boolean', ...(typeof prop.default === 'boolean' ? { default: prop.default } : {}) };
  if (prop.type === 'number' || prop.type === 'integer')
    return {
      ...base,
      kind: prop.type,
      ...(num(prop.minimum) !== undefined ? { minimum: num(prop.minimum) } : {}),
      ...(num(prop.maximum) !== undefined ? { maximum: num(prop.maximum) } : {}),
      ...(num(prop.default) !== undefined ? { default: num(prop.default) } : {}),
    };
  if (prop.type === 'array') {
    const items = isObject(prop.items) ? prop.items : {};
    const options = optionsOf(items.enum, undefined, items.anyOf ?? items.oneOf);
    const fallback = Array.isArray(prop.default)
      ? prop.default.filter((v): v is string => typeof v === 'string')
      : undefined;
    return {
      ...base,
      kind: 'multiselect',
      options,
      ...(num(prop.minItems) !== undefined ? { minItems: num(prop.minItems) } : {}),
      ...(num(prop.maxItems) !== undefined ? { maxItems: num(prop.maxItems) } : {}),
      ...(fallback ? { default: fallback } : {}),
    };
  }
  const options = optionsOf(prop.enum, prop.enumNames, prop.oneOf ?? prop.anyOf);
  if (options.length)
    return {
      ...base,
      kind: 'select',
      options,
      ...(str(prop.default) !== undefined ? { default: str(prop.default) } : {}),
    };
  const format = str(prop.format);
  return {
    ...base,
    kind: 'text',
    ...(format === 'email' || format === 'uri' || format === 'date' || format === 'date-time' ? { format } : {}),
    ...(num(prop.minLength) !== undefined ? { minLength: num(prop.minLength) } : {}),
    ...(num(prop.maxLength) !== undefined ? { maxLength: num(prop.maxLength) } : {}),
    ...(str(prop.default) !== undefined ? { default: str(prop.default) } : {}),
  };
}

/** `enum` (+ legacy `enumNames`), or `oneOf`/`anyOf` of `{const, title}`. */
function optionsOf(values: unknown, names: unknown, titled: unknown): ElicitOption[] {
  if (Array.isArray(values)) {
    const labels = Array.isArray(names) ? names : [];
    return values
      .filter((v): v is string => typeof v === 'string')
      .map((value, i) => ({ value, label: str(labels[i]) ?? value }));
  }
  if (Array.isArray(titled))
    return titled
      .filter(isObject)
      .flatMap((o) => (typeof o.const === 'string' ? [{ value: o.const, label: str(o.title) ?? o.const }] : []));
  return [];
}

/** Every field that has a default, set to it: what the form starts from, and what an omitted field becomes. */
export function defaultContent(fields: readonly ElicitField[]): Record<string, ElicitValue> {
  const content: Record<string, ElicitValue> = {};
  for (const field of fields)
    if (field.default !== undefined)
      content[field.name] = Array.isArray(field.default) ? [...field.default] : field.default;
  return content;
}

/**
 * Checks an accepted answer against the fields. An omitted field takes its default (SEP-1034: the client
 * applies defaults), an empty optional text is left out, a field the form did not ask for is refused.
 * Returns the content to send, or the problems (each naming its field).
 */
export function checkContent(
  fields: readonly ElicitField[],
  answer: Record<string, unknown>,
): { content: Record<string, ElicitValue>; problems: ContentProblem[] } {
  const content: Record<string, ElicitValue> = {};
  const problems: ContentProblem[] = [];
  const problem = (field: string, uiMessage: UiMessage) => problems.push({ field, message: uiMessage.text, uiMessage });
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(answer)) if (!known.has(name)) problem(name, say('form.notAsked'));
  for (const field of fields) {
    let value = answer[field.name];
    if (value === '' && field.kind === 'text') value = undefined;
    if (value === undefined || value === null) value = field.default;
    if (value === undefined) {
      if (field.required) problem(field.name, say('form.required', { label: field.label }));
      continue;
    }
    const found = problemOf(field, value);
    if (found) problem(field.name, found);
    else content[field.name] = value as ElicitValue;
  }
  return { content, problems };
}

function problemOf(field: ElicitField, value: unknown): UiMessage | undefined {
  const label = field.label;
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : say('form.notBoolean', { label });
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return say('form.notNumber', { label });
      if (field.kind === 'integer' && !Number.isInteger(value)) return say('form.notInteger', { label });
      if (field.minimum !== undefined && value < field.minimum)
        return say('form.belowMinimum', { label, minimum: field.minimum });
      if (field.maximum !== undefined && value > field.maximum)
        return say('form.aboveMaximum', { label, maximum: field.maximum });
      return undefined;
    }
    case 'select':
      return typeof value === 'string' && field.options?.some((o) => o.value === value)
        ? undefined
        : say('form.notChoice', { label });
    case 'multiselect': {
      if (
        !Array.isArray(value) ||
        !value.every((v) => typeof v === 'string' && field.options?.some((o) => o.value === v))
      )
        return say('form.notChoices', { label });
      if (new Set(value).size !== value.length) return say('form.choiceTwice', { label });
      if (field.minItems !== undefined && value.length < field.minItems)
        return say('form.tooFewChoices', { label, minItems: field.minItems });
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return say('form.tooManyChoices', { label, maxItems: field.maxItems });
      return undefined;
    }
    case 'text': {
      if (typeof value !== 'string') return say('form.notText', { label });
      if (field.minLength !== undefined && value.length < field.minLength)
        return say('form.tooShort', { label, minLength: field.minLength });
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return say('form.tooLong', { label, maxLength: field.maxLength });
      return field.format ? formatProblem(label, field.format, value) : undefined;
    }
  }
}

function formatProblem(label: string, format: TextFormat, value: string): UiMessage | undefined {
  if (format === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : say('form.notEmail', { label });
  if (format === 'uri')
    return /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value) && URL.canParse(value)
      ? undefined
      : say('form.notUri', { label });
  if (format === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const date = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
    return date && date.getUTCMonth() === +match[2] - 1 && date.getUTCDate() === +match[3]
      ? undefined
      : say('form.notDate', { label });
  }
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : say('form.notDateTime', { label });
}

/**
 * A typed value from what a person typed (the CLI's prompts, the form's inputs): numbers parsed, yes/no
 * read, a multi-select split on commas. Unparseable input is returned as typed, for checkContent to refuse.
 */
export function valueFromText(field: ElicitField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (field.kind === 'number' || field.kind === 'integer')
    return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  if (field.kind === 'boolean')
    return /^(y|yes|true|1)$/i.test(trimmed) ? true : /^(n|no|false|0)$/i.test(trimmed) ? false : trimmed;
  if (field.kind === 'select')
    return field.options?.find((o) => o.value === trimmed || o.label === trimmed)?.value ?? trimmed;
  if (field.kind === 'multiselect')
    return trimmed
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => field.options?.find((o) => o.value === part || o.label === part)?.value ?? part);
  return text;
}
