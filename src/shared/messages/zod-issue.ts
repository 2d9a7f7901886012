import { z } from 'zod';
import type { UiMessage } from '../i18n-message';
import { messageBuilder } from './define';
import { CHECK_MESSAGES } from './check-messages';
import { ERROR_MESSAGES } from './error-messages';
import { STATUS_MESSAGES } from './status-messages';

const say = messageBuilder(STATUS_MESSAGES);
const zodEnglish = z.locales.en().localeError;
const SIZED = new Set(['string', 'array', 'set', 'map', 'file']);

/** Templates without placeholders by their text: a schema's own fixed message (`.min(1, 'an mcp node needs a toolId')`). */
const FIXED = new Map(
  Object.entries({ ...ERROR_MESSAGES, ...STATUS_MESSAGES, ...CHECK_MESSAGES })
    .filter(([, template]) => !template.includes('{{'))
    .map(([code, template]) => [template as string, code]),
);

/**
 * The translatable form of a zod issue, or undefined when only its English text can be shown. A schema's check
 * carries its message as `params.uiMessage` (superRefine) or as one of main's fixed texts; zod's own English
 * messages are recognised by comparing with zod's English locale and re-coded with their parameters. `text` is
 * always the issue's message as zod gave it.
 */
export function zodIssueMessage(issue: z.core.$ZodIssue): UiMessage | undefined {
  const text = issue.message;
  const carried =
    issue.code === 'custom' ? (issue.params as { uiMessage?: UiMessage } | undefined)?.uiMessage : undefined;
  if (carried) return carried;
  const fixed = FIXED.get(text);
  if (fixed) return { code: fixed, text };
  if (issue.code === 'invalid_type') {
    // The English names the received type from the input, which the issue does not keep: read it back.
    const match = /^Invalid input: expected (\S+), received (\S+)$/.exec(text);
    return match ? say('zod.invalidType', { expected: match[1], received: match[2] }, text) : undefined;
  }
  if (text !== zodEnglish(issue as never)) return undefined; // a schema's own wording we have no code for
  switch (issue.code) {
    case 'invalid_value':
      return say('zod.invalidValue', { options: issue.values.map((v) => JSON.stringify(v)).join(' | ') }, text);
    case 'unrecognized_keys':
      return say('zod.unrecognizedKeys', { keys: issue.keys.join(', ') }, text);
    case 'too_small':
    case 'too_big': {
      if (issue.exact) return undefined;
      const small = issue.code === 'too_small';
      const bound = `${small ? '>' : '<'}${issue.inclusive ? '=' : ''}${String(small ? issue.minimum : issue.maximum)}`;
      const sized = SIZED.has(issue.origin);
      const code = small ? (sized ? 'zod.tooSmallLength' : 'zod.tooSmall') : sized ? 'zod.tooBigLength' : 'zod.tooBig';
      return say(code, { origin: issue.origin, bound }, text);
    }
    case 'invalid_format':
      return ['starts_with', 'ends_with', 'includes', 'regex'].includes(issue.format)
        ? undefined
        : say('zod.invalidFormat', { format: issue.format }, text);
    case 'invalid_union':
      return text === 'Invalid input' ? say('zod.invalidInput', undefined, text) : undefined;
    default:
      return undefined;
  }
}
