import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { configSchemaFor } from '../../../shared/config/schema';
import { mergeIntoDocument } from './yaml-merge';

const source = `intents:
  # orders first
  - id: order
    name: Orders
    kind: mcp
    toolId: query_order # the shop's tool
  - id: refund
    name: Refund
    kind: mcp
    toolId: apply_refund
    description: old text
`;

function edit(change: (intents: Record<string, unknown>[]) => Record<string, unknown>[]): string {
  const document = parseDocument(source);
  const previous = configSchemaFor().parse(document.toJS()).intents;
  const next = change(structuredClone(previous) as unknown as Record<string, unknown>[]);
  mergeIntoDocument(document, ['intents'], previous, next);
  return document.toString();
}

describe('mergeIntoDocument', () => {
  it('changes only what changed, keeping comments and leaving schema defaults implied', () => {
    const text = edit((intents) => {
      intents[0].description = 'new override';
      delete intents[1].description;
      return intents;
    });
    expect(text).toContain('# orders first');
    expect(text).toContain("toolId: query_order # the shop's tool");
    expect(text).toContain('description: new override');
    expect(text).not.toContain('old text');
    expect(text).not.toMatch(/confirm:|examples:/);
  });

  it('moves nodes matched by id when the list is reordered, and writes new nodes without empty defaults', () => {
    const text = edit((intents) => [
      intents[1],
      { id: 'invoice', name: 'Invoice', kind: 'mcp', toolId: 'query_invoice', confirm: 'always', examples: [] },
      intents[0],
    ]);
    const ids = [...text.matchAll(/- id: (\w+)/g)].map((m) => m[1]);
    expect(ids).toEqual(['refund', 'invoice', 'order']);
    expect(text).toContain("toolId: query_order # the shop's tool");
    expect(text).toContain('confirm: always');
    expect(text).not.toContain('examples: []');
  });

  it('leaves the document untouched when nothing changed', () => {
    expect(edit((intents) => intents)).toBe(parseDocument(source).toString());
  });
});
