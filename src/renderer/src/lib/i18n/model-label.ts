import type { i18n as I18n } from 'i18next';
import { MAIN_MESSAGES } from '../../../../shared/messages';
import { messageText } from './messages';

/**
 * A conversation's or a replay's stored model label in the UI's language: the offline demo model's (stored in
 * English, as the CLI and records.jsonl read it) translated, any other provider's label (a model id) verbatim.
 */
export function modelLabelText(i18n: I18n, label: string): string {
  return label === MAIN_MESSAGES['provider.demoLabel']
    ? messageText(i18n, { code: 'provider.demoLabel' }, label)
    : label;
}
