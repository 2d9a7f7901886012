import type { UiMessage } from '../../../shared/i18n-message';

/** A sign-in or refresh failure in our own words: `message` is the English (logs, CLI), `uiMessage` its code. */
export class AuthFailure extends Error {
  readonly uiMessage: UiMessage;
  constructor(message: UiMessage) {
    super(message.text);
    this.uiMessage = message;
    this.name = new.target.name;
  }
}
