/**
 * What our model providers say when they fail (src/main/core/providers): the `ProviderError`'s English message,
 * which the model-facing text, the CLI and logs keep, as a code the console translates inside `turn.modelError`,
 * `request.noModel` and the Settings model label. `{{label}}` is the provider's label ("gpt-4o via api.openai.com"),
 * `{{said}}` / `{{detail}}` what the server or the SDK said, `{{tool}}` a tool name, `{{env}}` an environment
 * variable: all verbatim.
 */
export const PROVIDER_MESSAGES = {
  // settings that cannot work (anthropic.ts, openai-compatible.ts)
  'provider.anthropicModelRequired': '{{label}}: settings.model is required for the Anthropic provider',
  'provider.openAiModelRequired': '{{label}}: settings.model is required for an OpenAI-compatible provider',
  'provider.noApiKey': '{{label}}: no API key is set',
  'provider.noApiKeyEnvEmpty': '{{label}}: no API key is set (env {{env}} is empty)',
  // the request (sdk-errors.ts)
  'provider.timeout': '{{label}}: no response for {{ms}} ms',
  'provider.aborted': '{{label}}: request aborted',
  'provider.unreachable': '{{label}}: could not reach the server ({{detail}})',
  'provider.malformedStream': '{{label}}: malformed stream data ({{detail}})',
  'provider.unexpected': '{{label}}: unexpected failure ({{detail}})',
  'provider.authFailed': '{{label}}: authentication failed (HTTP {{status}}). {{hint}} Server said: {{said}}',
  'provider.hint.checkKey': 'Check the API key.',
  'provider.hint.checkKeyInEnv': 'Check the API key in env {{env}}.',
  'provider.hint.noKey': 'No API key is set.',
  'provider.hint.noKeyInEnv': 'No API key is set in env {{env}}.',
  'provider.rateLimited': '{{label}}: rate limited (HTTP 429). Server said: {{said}}',
  'provider.errorMidStream': '{{label}}: the server reported an error mid-stream: {{said}}',
  'provider.serverError': '{{label}}: server error (HTTP {{status}}). Server said: {{said}}',
  'provider.rejected': '{{label}}: request rejected (HTTP {{status}}); check model and baseUrl. Server said: {{said}}',
  'provider.noDetails': 'no details',
  // what the model streamed (anthropic.ts, openai-compatible.ts, tool-arguments.ts)
  'provider.noMessageStop': '{{label}}: the stream ended before message_stop',
  'provider.noFinishReason': '{{label}}: the stream ended without a finish_reason',
  'provider.unknownBlock': '{{label}}: input_json_delta for unknown block {{index}}',
  'provider.toolCallNoName': '{{label}}: a streamed tool call has no name',
  'provider.malformedArguments': '{{label}}: the model sent malformed JSON arguments for tool "{{tool}}"',
  'provider.argumentsNotObject': '{{label}}: arguments for tool "{{tool}}" are not a JSON object',
  // the Settings model label when the provider can't be made (src/main/core/services/settings-service.ts)
  'provider.notUsable': '{{provider}} (not usable: {{detail}})',
  // a provider the config names that this entry point did not register (core/providers/create-provider.ts)
  'provider.notRegistered': 'the model provider "{{provider}}" is not available in this build',
  // the offline demo model's name, wherever a label is shown (DEMO_LABEL is its English)
  'provider.demoLabel': 'offline demo model',
  // the vendors' providers in Settings' provider list (core/providers/create-provider.ts)
  'provider.openAiCompatibleName': 'OpenAI-compatible API',
  'provider.anthropicName': 'Anthropic',
} as const;
