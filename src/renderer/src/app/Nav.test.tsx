import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Nav } from './Nav';
import { useUiStore } from './ui-store';

afterEach(cleanup);

describe('Nav', () => {
  it('lists every page by its exact label and switches pages', () => {
    render(<Nav badges={{ requests: 2 }} />);
    const labels = screen.getAllByRole('button').map((b) => b.querySelector('span')?.textContent);
    expect(labels).toEqual([
      'Servers',
      'Intent tree',
      'Tools',
      'Skills',
      'Chat',
      'Requests',
      'Records',
      'Tests',
      'Settings',
    ]);
    const settings = screen.getByRole('button', { name: /^Settings/ });
    expect(settings.hasAttribute('disabled')).toBe(false);
    fireEvent.click(settings);
    expect(useUiStore.getState().page).toBe('settings');
    expect(settings.getAttribute('aria-current')).toBe('page');
  });
});
