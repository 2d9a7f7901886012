import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLevel, ServerLogView } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ServerLogPanel } from './ServerLogPanel';

afterEach(cleanup);

const line = (seq: number, level: LogLevel, source: 'server' | 'stderr' | 'host', logger: string | null = null) => ({
  seq,
  at: '2026-12-05T06:00:00.000Z',
  source,
  level,
  logger,
  text: `line ${seq}`,
});

const view = (level: LogLevel | null): ServerLogView => ({
  name: 'everything',
  entries: [line(1, 'debug', 'stderr'), line(2, 'error', 'server', 'db'), line(3, 'info', 'host')],
  capacity: 1000,
  level,
  canSetLevel: true,
});

describe('ServerLogPanel', () => {
  it('filters lines by level here, names each source, and asks the server for a level with the answer shown', async () => {
    const asked: unknown[] = [];
    const rpc = createFakeRpc({
      'servers.logs': () => view(null),
      'servers.setLogLevel': (input) => {
        asked.push(input);
        return view(input.level);
      },
    });
    renderWithRpc(<ServerLogPanel name="everything" />, rpc.client);
    const lines = await screen.findAllByTestId('server-log-line');
    expect(lines.map((li) => li.textContent?.slice(`${li.querySelector('time')?.textContent} `.length))).toEqual([
      'debug stderr line 1',
      'error db line 2',
      'info Switchboard line 3',
    ]);

    fireEvent.change(screen.getByLabelText('Show from level'), { target: { value: 'warning' } });
    expect(screen.getAllByTestId('server-log-line').map((li) => li.dataset.level)).toEqual(['error']);
    expect(screen.getByTestId('server-log-count').textContent).toMatch(/^1 of 3 lines/);

    const askedLevel = screen.getByLabelText<HTMLSelectElement>('Level asked of the server');
    expect(askedLevel.value).toBe('');
    fireEvent.change(askedLevel, { target: { value: 'notice' } });
    await waitFor(() => expect(askedLevel.value).toBe('notice'));
    expect(asked).toEqual([{ name: 'everything', level: 'notice' }]);
  });
});
