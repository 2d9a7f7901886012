import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type RequestRoutes =
  'requests.list' | 'requests.answer' | 'requests.openUrl' | 'requests.sample' | 'requests.reply' | 'requests.reject';

/** Servers' elicitation and sampling requests: the pending ones, and the operator's answers. */
export function createRequestHandlers({ requests }: AppServices): Pick<Handlers, RequestRoutes> {
  return {
    'requests.list': () => requests.list(),
    'requests.answer': ({ id, action, content }) => ({ resolved: requests.answer(id, action, content) }),
    'requests.openUrl': ({ id }) => requests.openUrl(id),
    'requests.sample': ({ id, messages, systemPrompt, maxTokens }) => ({
      started: requests.startSampling(id, { messages, systemPrompt, maxTokens }),
    }),
    'requests.reply': ({ id }) => ({ resolved: requests.reply(id) }),
    'requests.reject': ({ id, reason }) => ({ resolved: requests.reject(id, reason) }),
  };
}
