import type { i18n as I18n } from 'i18next';
import type { ExpectationResultView } from '../../../shared/contract';
import { shownText } from './i18n/messages';

/** An expectation and what the run did, in the UI's language (results kept before codes read as kept). */
export const expectationTexts = (i18n: I18n, e: ExpectationResultView): { expectation: string; detail: string } => ({
  expectation: shownText(i18n, e.expectation, e.expectationMessage),
  detail: shownText(i18n, e.detail, e.detailMessage),
});

/** A result's failed expectations, one line each, in the UI's language; the English lines where it has no codes. */
export function failedTexts(i18n: I18n, result: { failed: string[]; failures?: ExpectationResultView[] }): string[] {
  if (!result.failures) return result.failed;
  return result.failures.map((failure) => {
    const { expectation, detail } = expectationTexts(i18n, failure);
    return i18n.t('common:shared.expectationFailed', { expectation, detail, interpolation: { escapeValue: false } });
  });
}
