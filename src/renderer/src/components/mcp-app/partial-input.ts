import { Allow, parse } from 'partial-json';

/**
 * The arguments a model has streamed so far, best effort: incomplete JSON closed where it stops (a half string kept,
 * a half number dropped). Undefined when nothing object-shaped can be read yet.
 */
export function parsePartialInput(json: string | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = parse(json, Allow.ALL & ~Allow.NUM);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
