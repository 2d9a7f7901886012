import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelStep } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { VisibleToolsPanel } from './VisibleToolsPanel';

afterEach(cleanup);

const step: ModelStep = {
  step: 1,
  at: '2026-01-01T00:00:00.000Z',
  loadedSkills: [],
  catalogRevision: 3,
  totalTokens: 1_300,
  tools: [
    { name: 'query_order', description: 'orders', inputSchema: { type: 'object' }, tokens: 40, source: 'shop' },
    {
      name: 'huge_manual',
      description: 'x\n[… description truncated by the host: 8192 of 300000 bytes shown]',
      inputSchema: { type: 'object' },
      tokens: 1_260,
      source: 'hostile',
      capped: true,
    },
  ],
};

describe('the visible tools of a model call', () => {
  it('marks a tool whose description or schema the host capped, next to its token figure (which counts what was sent)', () => {
    renderWithRpc(<VisibleToolsPanel steps={[step]} />, createFakeRpc({}).client);
    const capped = screen.getByTestId('visible-tools').querySelector('tr[data-tool="huge_manual"]') as HTMLElement;
    const chip = within(capped).getByTestId('tool-capped');
    expect(chip.textContent).toBe('capped');
    expect(chip.title).toContain('agent.mcp.maxSchemaBytes');
    expect(capped.querySelector('td.num')!.textContent).toContain('1260');
    const plain = screen.getByTestId('visible-tools').querySelector('tr[data-tool="query_order"]') as HTMLElement;
    expect(within(plain).queryByTestId('tool-capped')).toBeNull();
  });
});
