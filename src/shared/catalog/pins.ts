import { appUiPinOf } from './app-ui';
import type { DefinitionFingerprint, PinInput, PinnedDefinition, PinnedField, ToolDefinition, ToolPin } from './types';

/** In the order reasons and diffs list them. */
export const PINNED_FIELDS = Object.freeze([
  'name',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'ui',
] as const);

/** The pinned projection of a definition: absent optional fields become null so "missing" and "removed" hash alike. */
export function pinnedDefinitionOf(definition: ToolDefinition): PinnedDefinition {
  return {
    name: definition.name,
    description: definition.description ?? null,
    inputSchema: definition.inputSchema,
    outputSchema: definition.outputSchema ?? null,
    annotations: (definition.annotations as Record<string, unknown> | undefined) ?? null,
    // Undefined for a tool without an app, so its hash is what it was before apps were pinned.
    ui: appUiPinOf(definition),
  };
}

/** A definition that no longer matches its pin. */
export interface PinDrift {
  pin: ToolPin;
  current: DefinitionFingerprint;
  changed: PinnedField[];
}

/**
 * Compares one offered definition with its pin. Undefined (the fast path: two Map lookups and one
 * string compare) when it matches, has no pin yet, or was not fingerprinted.
 */
export function pinDrift(pins: PinInput, server: string, toolId: string): PinDrift | undefined {
  const current = pins.current.get(server)?.get(toolId);
  if (!current) return undefined;
  const pin = pins.pins.get(server)?.get(toolId);
  if (!pin || pin.hash === current.hash) return undefined;
  return { pin, current, changed: PINNED_FIELDS.filter((f) => pin.fields[f] !== current.fields[f]) };
}

/** True when only the description moved: under a node override the model does not see that text. */
export const onlyDescriptionChanged = (drift: PinDrift): boolean =>
  drift.changed.length === 1 && drift.changed[0] === 'description';

/** "description and inputSchema" */
export function describeFields(fields: readonly string[]): string {
  if (fields.length === 0) return 'the definition';
  if (fields.length === 1) return fields[0];
  return `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

export const shortHash = (hash: string): string => hash.slice(0, 12);
