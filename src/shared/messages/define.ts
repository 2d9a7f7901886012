import { formatMessage, type Message, type MessageParam, type UiMessage } from '../i18n-message';

/** The `{{name}}` placeholders of a template, as a union of names (never when it has none). */
export type ParamNames<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

export type Params<S extends string> = [ParamNames<S>] extends [never]
  ? Record<string, never>
  : Record<ParamNames<S>, string | number | Message>;

/**
 * A message, with no English text (`msg`): what the catalog composes by the thousand, rendered only when shown.
 * Params left undefined are dropped (an optional clause that does not apply).
 */
export function messageOf<C extends string>(code: C, params?: Record<string, MessageParam | undefined>): Message<C> {
  if (!params) return { code };
  const kept: Record<string, MessageParam> = {};
  for (const key in params) if (params[key] !== undefined) kept[key] = params[key];
  return { code, params: kept };
}

/**
 * A message builder over one table of English templates: `say(code, params)` is a UiMessage whose text is the
 * template rendered (formatMessage, the CLI's and the renderer's one English rendering). `text` overrides it where
 * the English says more than a translation can (zod's whole report): the code and params still carry what a
 * translation needs.
 */
export function messageBuilder<T extends Record<string, string>>(table: T) {
  return function say<C extends keyof T & string>(code: C, params?: Params<T[C]>, text?: string): UiMessage {
    const values =
      params && Object.keys(params).length > 0
        ? withoutTexts(params as Record<string, string | number | Message>)
        : undefined;
    const message = { code, ...(values ? { params: values } : {}) };
    return { ...message, text: text ?? formatMessage(table, message) };
  };
}

/** A nested message travels as its code and params: a UiMessage's own English text would be carried twice. */
function withoutTexts(params: Record<string, string | number | Message>): Record<string, string | number | Message> {
  const out: Record<string, string | number | Message> = {};
  for (const [name, value] of Object.entries(params))
    out[name] = typeof value === 'object' ? { code: value.code, ...(value.params && { params: value.params }) } : value;
  return out;
}
