import { carriedMessage, type UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { isRequestTimeout, ServerUnavailableError } from '../mcp';
import { StaleSessionError } from './mcp-caller';
import { errorText } from '../../../shared/error-text';

/**
 * The console's sentence for a call that threw: the cases main words itself get their own code, anything else is
 * the error's text verbatim after "Tool error:" (a server's or the transport's words are never translated).
 */
export function failureMessage(error: unknown): UiMessage {
  const detail = errorText(error);
  if (error instanceof ServerUnavailableError)
    return say('call.serverNotConnected', { server: error.server, detail: error.detail });
  if (error instanceof StaleSessionError) return say('call.staleSession', { server: error.server, tool: error.tool });
  if (isRequestTimeout(error)) return say('call.timedOut', { detail });
  // A built-in tool's refusal (search_knowledge without a query) is main's own sentence, already a code.
  return carriedMessage(error) ?? say('call.toolError', { detail });
}
