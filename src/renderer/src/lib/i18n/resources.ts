/**
 * Every translation, bundled: one JSON file per feature (namespace) and language under src/renderer/src/locales.
 * A namespace is added here and in both languages; locales.test.ts checks both hold the same keys.
 */
import enCommon from '../../locales/en/common.json';
import enChat from '../../locales/en/chat.json';
import enIntents from '../../locales/en/intents.json';
import enRecords from '../../locales/en/records.json';
import enRequests from '../../locales/en/requests.json';
import enServers from '../../locales/en/servers.json';
import enSettings from '../../locales/en/settings.json';
import enSkills from '../../locales/en/skills.json';
import enTests from '../../locales/en/tests.json';
import enTools from '../../locales/en/tools.json';
import zhCommon from '../../locales/zh-CN/common.json';
import zhChat from '../../locales/zh-CN/chat.json';
import zhIntents from '../../locales/zh-CN/intents.json';
import zhRecords from '../../locales/zh-CN/records.json';
import zhRequests from '../../locales/zh-CN/requests.json';
import zhServers from '../../locales/zh-CN/servers.json';
import zhSettings from '../../locales/zh-CN/settings.json';
import zhSkills from '../../locales/zh-CN/skills.json';
import zhTests from '../../locales/zh-CN/tests.json';
import zhTools from '../../locales/zh-CN/tools.json';
import zhMessages from '../../locales/zh-CN/messages.json';
import { ENGLISH_TEMPLATES, MESSAGE_NAMESPACE, nestByCode } from './messages';

const FEATURE_NAMESPACES = [
  'common',
  'chat',
  'intents',
  'records',
  'requests',
  'servers',
  'settings',
  'skills',
  'tests',
  'tools',
] as const;
/** The namespaces whose keys are typed (looked up by name in the source). */
export type Namespace = (typeof FEATURE_NAMESPACES)[number];
/** Every namespace: the typed ones and `messages` (looked up by code, lib/i18n/messages.ts). */
export const NAMESPACES = [...FEATURE_NAMESPACES, MESSAGE_NAMESPACE] as const;
type AnyNamespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/**
 * The `messages` namespace: sentences composed outside the renderer, by code (lib/i18n/messages.ts). Its English is
 * the shared templates; it is left out of `en`'s type, since those keys are looked up by code at run time.
 */
const enMessages = nestByCode(ENGLISH_TEMPLATES);

export const en = {
  common: enCommon,
  chat: enChat,
  intents: enIntents,
  records: enRecords,
  requests: enRequests,
  servers: enServers,
  settings: enSettings,
  skills: enSkills,
  tests: enTests,
  tools: enTools,
};
/** Typed against the English resources: a namespace missing here fails to compile. */
export const zhCN: Record<AnyNamespace, object> = {
  messages: zhMessages,
  common: zhCommon,
  chat: zhChat,
  intents: zhIntents,
  records: zhRecords,
  requests: zhRequests,
  servers: zhServers,
  settings: zhSettings,
  skills: zhSkills,
  tests: zhTests,
  tools: zhTools,
};

export const resources = { en: { ...en, messages: enMessages } satisfies Record<AnyNamespace, object>, 'zh-CN': zhCN };
