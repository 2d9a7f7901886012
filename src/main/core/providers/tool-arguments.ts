import { say } from '../../../shared/messages';
import { ProviderError } from './types';

/** Parses a model's streamed argument JSON; anything but a JSON object is a bad response. */
export function parseToolArguments(raw: string, toolName: string, label: string): Record<string, unknown> {
  if (raw.trim() === '') return {}; // some servers stream no argument text for a no-argument call
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ProviderError('bad_response', say('provider.malformedArguments', { label, tool: toolName }));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ProviderError('bad_response', say('provider.argumentsNotObject', { label, tool: toolName }));
  return parsed as Record<string, unknown>;
}

/** `${model} via ${host}`; the host alone, because a URL may carry credentials or query tokens. */
export function providerLabel(model: string, baseUrl: string): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // keep the raw text; the config schema validates URLs anyway
  }
  return `${model} via ${host}`;
}
