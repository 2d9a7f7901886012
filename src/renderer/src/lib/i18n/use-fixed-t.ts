import type { TFunction } from 'i18next';
import { i18n } from './index';
import type { Namespace } from './resources';
import { useUiLanguage } from './use-ui-language';
const fixedByLanguage = new Map<string, TFunction>();

/**
 * `t` for components rendered by the hundred (tree rows, list badges). react-i18next's useTranslation copies the
 * i18next instance's property descriptors on every mount, so a collapse or a scroll that mounts fifty rows spent
 * tens of milliseconds there. This returns one cached t per language and namespace, and re-renders on a change of
 * language like useTranslation. Resources are bundled (lib/i18n), so there is no loading state to wait for. A key
 * asked without options is looked up once per language (a badge's label, a row's kind).
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

/** `t` that keeps the text of every key asked without options: resources never change for a fixed language. */
function remembering(t: TFunction): TFunction {
  const translate = t as unknown as (...args: unknown[]) => string;
  const texts = new Map<string, string>();
  const remembered = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(key);
      texts.set(key, text);
    }
    return text;
  };
  return remembered as unknown as TFunction;
}
