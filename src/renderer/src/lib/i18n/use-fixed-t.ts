import type { TFunction } from 'i18next';
import { i18n } from './index';
import type { Namespace } from './resources';
import { useUiLanguage } from './use-ui-language';
const fixedByLanguage = new Map<string, TFunction>();

/**
 * `t` for components rendered by the hundred (tree rows, list badges). react-i18next's useTranslation copies the
 * i18next instance's property descriptors on every mount, so a collapse or a scroll that mounts fifty rows spent
 * tens of milliseconds there. This returns one cached t per language and namespace, and re-renders on a change of
 * language like useTranslation. Resources are bundled (lib/i18n), so there is no loading state to wait for. A call
 * whose options are plain values is translated once per language (a badge's label, a row's label).
 */
export function useFixedT<N extends Namespace | readonly Namespace[]>(namespace: N): TFunction<N> {
  const language = useUiLanguage();
  const key = `${language}\u0000${String(namespace)}`;
  let t = fixedByLanguage.get(key);
  if (!t) {
    t = remembering(i18n.getFixedT(language, namespace as Namespace | Namespace[]) as unknown as TFunction);
    fixedByLanguage.set(key, t);
  }
  return t as unknown as TFunction<N>;
}

/** Past this many remembered texts a `t` starts over (a 5,000-node tree's labels are ~10,000). */
const REMEMBERED_TEXTS = 50_000;

/**
 * `t` that keeps the text of every key asked without options, or with options whose values are all strings, numbers
 * or booleans (a row's label, a badge's tooltip): resources never change for a fixed language, so the same key and
 * values always give the same text. i18next's interpolation costs tens of microseconds a call, and a scroll or a
 * collapse asks it again for every row that comes into view. Other options (objects, dates, functions) pass through.
 */
function remembering(t: TFunction): TFunction {
  const translate = t as unknown as (...args: unknown[]) => string;
  const texts = new Map<string, string>();
  const remembered = (key: unknown, ...rest: unknown[]) => {
    const id = typeof key === 'string' && rest.length <= 1 ? textId(key, rest[0]) : undefined;
    if (id === undefined) return translate(key, ...rest);
    let text = texts.get(id);
    if (text === undefined) {
      text = translate(key, ...rest);
      if (texts.size >= REMEMBERED_TEXTS) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return remembered as unknown as TFunction;
}

/** What identifies a call's text: the key and each option's name and value (typed); undefined when it can't be kept. */
export function textId(key: string, options: unknown): string | undefined {
  if (options === undefined) return key;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return undefined;
  // Joined with NUL and a type letter (1 and "1" stay apart); a name or value that holds a NUL is not kept, so two
  // different calls never share an id. Cheaper than JSON: this runs for every row that scrolls into view.
  let id = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type === 'string') {
      if ((value as string).includes('\u0000')) return undefined;
    } else if (type !== 'number' && type !== 'boolean' && type !== 'undefined') return undefined;
    if (name.includes('\u0000')) return undefined;
    id += `\u0000${name}\u0000${type[0]}${String(value)}`;
  }
  return id;
}
