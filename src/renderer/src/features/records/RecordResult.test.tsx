import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordResult } from './RecordResult';

afterEach(cleanup);

describe('RecordResult', () => {
  it('shows JSON carried in MCP text parts parsed, and keeps the exact result', () => {
    const result = { content: [{ type: 'text', text: '{"trackingNo":"BIT9100000233","nodes":[]}' }] };
    render(<RecordResult result={result} />);
    expect(screen.getByLabelText('Result text 1').textContent).toBe(
      '{\n  "trackingNo": "BIT9100000233",\n  "nodes": []\n}',
    );
    expect(screen.getByLabelText('Exact result').textContent).toContain('\\"trackingNo\\"');
  });

  it('prefers structuredContent, and shows anything else as it is', () => {
    render(<RecordResult result={{ content: [{ type: 'text', text: 'x' }], structuredContent: { ok: true } }} />);
    expect(screen.getByLabelText('Structured result').textContent).toBe('{\n  "ok": true\n}');
    cleanup();
    render(<RecordResult result={null} />);
    expect(screen.getByLabelText('Result').textContent).toBe('null');
  });
});
