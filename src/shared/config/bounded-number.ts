import { z } from 'zod';

/**
 * A number field within one of rules.ts's bounds (MODEL_SETTINGS_LIMITS): the config schema and settings.saveModel
 * build theirs from the same entry, so they cannot drift apart.
 */
export function numberWithin(bounds: { readonly min: number; readonly max: number; readonly integer: boolean }) {
  return (bounds.integer ? z.number().int() : z.number()).min(bounds.min).max(bounds.max);
}
