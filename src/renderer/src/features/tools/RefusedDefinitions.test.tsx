import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { RefusedDefinitions } from './RefusedDefinitions';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const servers = [
  {
    name: 'hostile',
    status: 'connected' as const,
    error: null,
    toolCount: 2,
    refused: [{ index: 3, name: 'bad name!', reason: 'name "bad name!" is not a valid tool name' }],
  },
  { name: 'fine', status: 'connected' as const, error: null, toolCount: 5 },
];

describe('refused tool definitions on the Tools page', () => {
  it('each is listed with its server and reason', () => {
    render(<RefusedDefinitions servers={servers} />);
    const box = screen.getByTestId('refused-definitions');
    expect(box.textContent).toContain('1 refused tool definition');
    expect(box.querySelector('tbody tr')?.textContent).toBe(
      'bad name!hostilename "bad name!" is not a valid tool name',
    );
  });

  it('nothing is shown when no server refused anything; the heading is translated', async () => {
    const { unmount } = render(<RefusedDefinitions servers={[servers[1]]} />);
    expect(screen.queryByTestId('refused-definitions')).toBeNull();
    unmount();
    await i18n.changeLanguage('zh-CN');
    render(<RefusedDefinitions servers={servers} />);
    expect(screen.getByTestId('refused-definitions').textContent).toContain('1 个被拒绝的工具定义');
  });
});
