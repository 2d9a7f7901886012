import type { en } from './resources';

// Keys are typed from the English resources: t('servers:card.reconnect') with a key that does not exist fails to
// compile, so every key the source uses is one the resources define (locales.test.ts checks zh-CN has them all).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
