import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActionFailure } from './ActionFailure';

afterEach(cleanup);

describe('ActionFailure', () => {
  it('says nothing while the action has not failed', () => {
    const { container } = render(<ActionFailure action={{ isError: false, error: null }} />);
    expect(container.textContent).toBe('');
  });

  it('announces why the action failed', () => {
    render(<ActionFailure action={{ isError: true, error: new Error('the pin file is read-only') }} />);
    expect(screen.getByRole('alert').textContent).toBe('the pin file is read-only');
  });
});
