import type { i18n as I18n } from 'i18next';
import { useCallback, useMemo } from 'react';
import { getI18n } from 'react-i18next';
import { useUiLanguage } from './use-ui-language';
import { MESSAGES } from '../../../../shared/messages';
import {
  formatMessage,
  joinEnglish,
  placeholdersOf,
  type Message,
  type MessageParam,
  type UiMessage,
} from '../../../../shared/i18n-message';

/**
 * Sentences composed in main or shared code (the catalog's reasons, explain's details) arrive as messages: a code
 * and params. They are translated here through i18next's `messages` namespace — the English resources are the
 * one table of templates itself (shared/messages, MESSAGES), locales/zh-CN/messages.json the Chinese — with the params inserted
 * verbatim (server data is never translated; React escapes, i18next does not). A code without a translation shows
 * the English text.
 */
export const MESSAGE_NAMESPACE = 'messages' as const;
export const ENGLISH_TEMPLATES: Readonly<Record<string, string>> = MESSAGES;

/** The dotted codes as i18next's nested keys: `catalog.reason.x` -> { catalog: { reason: { x } } }. */
export function nestByCode(templates: Readonly<Record<string, string>>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [code, template] of Object.entries(templates)) {
    const path = code.split('.');
    let node = root;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] = template;
  }
  return root;
}

/** How each language joins a list param (`{{x, list}}`, `{{x, or}}`…); English is the shared formatter's. */
function joinFor(language: string, items: readonly string[], format: string): string {
  if (!language.startsWith('zh')) return joinEnglish(items, format);
  if (format === 'or') return items.join(' 或 ');
  if (format === 'clauses') return items.join('；');
  if (format === 'and')
    return items.length < 2 ? items.join('') : `${items.slice(0, -1).join('、')} 和 ${items[items.length - 1]}`;
  return items.join('、');
}

/** Registers the list formats on the renderer's i18next (`number` is i18next's own). */
export function addMessageFormats(i18n: I18n): void {
  for (const format of ['list', 'or', 'and', 'clauses'] as const)
    i18n.services.formatter?.add(format, (value: unknown, language: string | undefined) =>
      Array.isArray(value) ? joinFor(language ?? 'en', value as string[], format) : String(value),
    );
}

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function translateParam(i18n: I18n, value: MessageParam, lng: string | undefined): string | number | string[] {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value))
    return value.map((item: string | Message) =>
      typeof item === 'string' ? item : messageText(i18n, item, undefined, lng),
    );
  return isMessage(value) ? messageText(i18n, value, undefined, lng) : '';
}

/** A message in the active language; its English text when the code has no translation. */
/** i18next's typed keys cover the static namespaces; these are looked up by code at run time. */
type ByCode = { t(key: string, options: object): string; exists(key: string, options: object): boolean };

/** `lng`: a language other than the active one (a fixed `t`'s). */
export function messageText(i18n: I18n, message: Message, fallback?: string, lng?: string): string {
  const byCode = i18n as unknown as ByCode;
  const template = ENGLISH_TEMPLATES[message.code];
  if (template === undefined || !byCode.exists(message.code, { ns: MESSAGE_NAMESPACE, lng }))
    return fallback ?? formatMessage(ENGLISH_TEMPLATES, message);
  // Every placeholder gets a value: an optional clause left out is inserted as nothing.
  const replace: Record<string, string | number | string[]> = {};
  for (const name of placeholdersOf(template)) replace[name] = '';
  for (const [name, value] of Object.entries(message.params ?? {})) replace[name] = translateParam(i18n, value, lng);
  return byCode.t(message.code, { ns: MESSAGE_NAMESPACE, lng, replace, interpolation: { escapeValue: false } });
}

/**
 * A message from main with its English text (UiMessage): translated when its code is known, else that text. In
 * English it is that text: main's own rendering, which may say more than the template (zod's whole report).
 */
export const uiMessageText = (i18n: I18n, message: UiMessage): string =>
  i18n.language === 'en' ? message.text : messageText(i18n, message, message.text);

/** A sentence main may have sent as text only (a server's `error` without `errorMessage`): translated, else the text. */
export const shownText = (i18n: I18n, text: string, message: UiMessage | null | undefined): string =>
  message ? uiMessageText(i18n, message) : text;

/**
 * What a search looks in for a message: its template's words (without the placeholders) and its params, nested ones
 * included. Every query word must appear somewhere, so this finds what the shown sentence holds without formatting
 * it: 10,000 rows are searched on the first keystroke, and formatting each through i18next would be the bulk of it.
 */
export function messageSearchText(message: Message, templateOf: (code: string) => string): string {
  let text = templateOf(message.code);
  for (const value of Object.values(message.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') text += `\n${value}`;
    else if (Array.isArray(value))
      for (const item of value as (string | Message)[])
        text += `\n${typeof item === 'string' ? item : messageSearchText(item, templateOf)}`;
    else if (isMessage(value)) text += `\n${messageSearchText(value, templateOf)}`;
  }
  return text;
}

const withoutPlaceholders = (template: string) => template.replace(/\{\{[^}]*\}\}/g, ' ');
const englishTemplates = new Map<string, string>();
/** A code's English words, for searching (the default outside React). */
export const englishTemplateOf = (code: string): string => {
  let text = englishTemplates.get(code);
  if (text === undefined) englishTemplates.set(code, (text = withoutPlaceholders(ENGLISH_TEMPLATES[code] ?? code)));
  return text;
};

/** `(message) => search text` in the active language (see messageSearchText). */
export function useMessageSearchText(): (message: Message) => string {
  const language = useUiLanguage();
  const i18n = getI18n();
  return useMemo(() => {
    const templates = new Map<string, string>();
    const templateOf = (code: string): string => {
      let text = templates.get(code);
      if (text === undefined) {
        const translated: unknown = i18n.getResource(language, MESSAGE_NAMESPACE, code);
        templates.set(
          code,
          (text = typeof translated === 'string' ? withoutPlaceholders(translated) : englishTemplateOf(code)),
        );
      }
      return text;
    };
    return (message: Message) => messageSearchText(message, templateOf);
  }, [i18n, language]);
}

/** `(message) => text` in the active language; a new function when the language changes, so memoized rows re-render. */
export function useMessageText(): (message: Message) => string {
  const language = useUiLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is what changes the result
  return useCallback((message: Message) => messageText(getI18n(), message), [language]);
}
