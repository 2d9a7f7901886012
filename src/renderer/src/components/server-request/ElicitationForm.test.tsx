import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ElicitationForm } from './ElicitationForm';

afterEach(cleanup);

const choices = (range: { minItems?: number; maxItems?: number }) => ({
  type: 'object',
  properties: { fish: { type: 'array', title: 'Fish', items: { type: 'string', enum: ['tuna', 'trout'] }, ...range } },
});
const legendOf = (range: { minItems?: number; maxItems?: number }) => {
  render(<ElicitationForm schema={choices(range)} busy={false} onAccept={noop} onDecline={noop} onCancel={noop} />);
  const legend = screen.getByText('Fish', { selector: 'legend' }).textContent;
  cleanup();
  return legend;
};
const noop = () => undefined;

describe('ElicitationForm: how many choices a multiselect asks for', () => {
  it('says the range, the lower bound or the upper bound, in English', () => {
    expect(legendOf({ minItems: 1, maxItems: 2 })).toBe('Fish (choose 1 to 2)');
    expect(legendOf({ minItems: 1 })).toBe('Fish (choose at least 1)');
    expect(legendOf({ maxItems: 2 })).toBe('Fish (choose at most 2)');
    expect(legendOf({})).toBe('Fish');
  });

  it('says it in Chinese once the console speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      expect(legendOf({ minItems: 1, maxItems: 2 })).toBe('Fish (选 1 到 2 项)');
      expect(legendOf({ minItems: 1 })).toBe('Fish (至少选 1 项)');
      expect(legendOf({ maxItems: 2 })).toBe('Fish (最多选 2 项)');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
