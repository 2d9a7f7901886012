import { AGENT_MESSAGES } from './agent-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { CALL_MESSAGES } from './call-messages';
import { messageBuilder } from './define';
import { CHECK_MESSAGES } from './check-messages';
import { ERROR_MESSAGES } from './error-messages';
import { IMPORT_MESSAGES } from './import-messages';
import { PROVIDER_MESSAGES } from './provider-messages';
import { REQUEST_MESSAGES } from './request-messages';
import { STATUS_MESSAGES } from './status-messages';
import { TELEMETRY_MESSAGES } from './telemetry-messages';
import { URL_MESSAGES } from './url-messages';
import { APP_MESSAGES } from './app-messages';
import { INSTRUCTIONS_MESSAGES } from './instructions-messages';
import { SKILL_MESSAGES } from './skill-messages';
import { DESKTOP_MESSAGES } from './desktop-messages';
import { CATALOG_MESSAGES } from '../catalog/catalog-messages';

export type { ParamNames } from './define';
export { messageOf } from './define';

/**
 * Every sentence main composes for the UI, by code: the single definition of the codes main can emit (the catalog's
 * reasons are shared/catalog/catalog-messages.ts). The renderer's English `messages` namespace is these templates
 * (lib/i18n/messages.ts); locales.test.ts checks zh-CN/messages.json holds every code with the same placeholders, so
 * a new code without a translation fails.
 */
export const MAIN_MESSAGES = {
  ...ERROR_MESSAGES,
  ...STATUS_MESSAGES,
  ...CALL_MESSAGES,
  ...CHECK_MESSAGES,
  ...AGENT_MESSAGES,
  ...REQUEST_MESSAGES,
  ...IMPORT_MESSAGES,
  ...PROVIDER_MESSAGES,
  ...AUTH_MESSAGES,
  ...URL_MESSAGES,
  ...INSTRUCTIONS_MESSAGES,
  ...TELEMETRY_MESSAGES,
  ...APP_MESSAGES,
  ...SKILL_MESSAGES,
  ...DESKTOP_MESSAGES,
} as const;
export type MainMessageCode = keyof typeof MAIN_MESSAGES;

/**
 * The one table of every code: main's sentences and the catalog's (shared/catalog/catalog-messages.ts). The
 * renderer's English `messages` namespace is this table; zh-CN/messages.json translates every code (main-messages.test).
 */
export const MESSAGES = { ...CATALOG_MESSAGES, ...MAIN_MESSAGES } as const;
export type MessageCode = keyof typeof MESSAGES;

/** A message with its English text, for anything that leaves main: `say('server.notConfigured', { name })`. */
export const say = messageBuilder(MESSAGES);
