import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordSummary } from '../../../../shared/contract';
import { RecordsTable, VIRTUALIZE_AFTER } from './RecordsTable';

const rows = (count: number): RecordSummary[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    conversationId: 'c1',
    turnId: 't1',
    callId: `k${i}`,
    tool: 'query_order',
    server: 'shop',
    nodeId: null,
    arguments: {},
    argumentsHash: 'h',
    status: 'success',
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 5,
  }));

// happy-dom has no layout: give every element a 600 px viewport so the virtualizer has room to fill.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => original && Object.defineProperty(HTMLElement.prototype, 'clientHeight', original));
afterEach(cleanup);

const props = { selectedId: null, onSelect: () => undefined, titleOf: (id: string) => id };

describe('RecordsTable', () => {
  it('renders every row of a short list', () => {
    render(<RecordsTable rows={rows(VIRTUALIZE_AFTER)} {...props} />);
    expect(screen.getAllByTestId('record-row')).toHaveLength(VIRTUALIZE_AFTER);
  });

  it('renders only the visible window of a long list, but announces the full count', () => {
    render(<RecordsTable rows={rows(2000)} {...props} />);
    const shown = screen.getAllByTestId('record-row').length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('2001');
  });
});
