import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SchemaForm from './SchemaForm';
// The input schema a real v2-SDK server sends for its `ship` tool (zod v4's z.toJSONSchema, 2020-12), checked against
// the live server by tests/mcp/json-schema-2020-12.test.ts.
import ship from '../../../../../tests/support/mcp/ship-input-schema-2020-12.json';

afterEach(cleanup);

function form(value: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  let current = value;
  const view = render(
    <SchemaForm schema={ship} value={current} onChange={(v) => (current = v)} onSubmit={onSubmit} submitLabel="Run" />,
  );
  const rerender = () =>
    view.rerender(
      <SchemaForm
        schema={ship}
        value={current}
        onChange={(v) => (current = v)}
        onSubmit={onSubmit}
        submitLabel="Run"
      />,
    );
  const type = (id: string, text: string) => {
    fireEvent.change(document.getElementById(id)!, { target: { value: text } });
    rerender();
  };
  return { onSubmit, type, rerender, value: () => current };
}

describe('a JSON Schema 2020-12 input schema in the Run form', () => {
  it('draws $defs through $ref, a prefixItems tuple as one field per position, and a const as its one value', () => {
    form();
    // $defs/Address, twice through $ref.
    for (const id of ['root_to_street', 'root_to_city', 'root_from_street', 'root_from_city'])
      expect(document.getElementById(id)).not.toBeNull();
    // The tuple: two integer fields, not an array of undrawable items.
    expect((document.getElementById('root_size_0') as HTMLInputElement | null)?.type).toBe('number');
    expect((document.getElementById('root_size_1') as HTMLInputElement | null)?.type).toBe('number');
    expect(document.getElementById('root_size_2')).toBeNull();
    // The const: its one value, chosen.
    const kind = document.getElementById('root_kind') as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent).filter(Boolean)).toEqual(['parcel']);
  });

  it("checks values against the schema as given: dependentRequired, the tuple's bounds, then submits the exact value", () => {
    const { onSubmit, type } = form({
      kind: 'parcel',
      to: { street: '1 Main St', city: 'Lyon' },
      size: [0, 3],
      insured: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const problems = [...document.querySelectorAll('.error-detail li, .errors li, [role=alert] li')]
      .map((li) => li.textContent)
      .join(' | ');
    expect(problems).toMatch(/value/); // insured needs value (dependentRequired)
    expect(problems).toMatch(/at least 1/); // size[0] has minimum 1 (prefixItems)
    type('root_value', '120');
    type('root_size_0', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'parcel',
      to: { street: '1 Main St', city: 'Lyon' },
      size: [2, 3],
      insured: true,
      value: 120,
    });
  });

  it('JSON mode checks the same schema: an extra tuple position is refused (items: false)', () => {
    const { onSubmit } = form({ kind: 'parcel', to: { street: 's', city: 'c' }, size: [1, 2, 3] });
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/size|3/);
  });
});
