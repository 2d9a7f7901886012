import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import SchemaForm from './SchemaForm';

afterEach(cleanup);

const schema = {
  type: 'object',
  properties: { orderNo: { type: 'string' }, days: { type: 'integer', title: '天数', minimum: 1 } },
  required: ['orderNo'],
};

function submitEmpty(value: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  render(<SchemaForm schema={schema} value={value} onChange={() => undefined} onSubmit={onSubmit} submitLabel="Run" />);
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  return onSubmit;
}

describe('SchemaForm problems (issue 30)', () => {
  it('names the field in each problem, at the field and in the list on top, never as a ".path"', () => {
    const onSubmit = submitEmpty({ days: 0 });
    expect(onSubmit).not.toHaveBeenCalled();
    const text = document.body.textContent ?? '';
    expect(text).not.toContain('.orderNo');
    const atFields = [...document.querySelectorAll('.error-detail li')].map((li) => li.textContent);
    expect(atFields).toEqual(expect.arrayContaining(['orderNo is required', '天数 must be at least 1']));
  });

  it('says them in the console’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      submitEmpty({ days: 0 });
      const atFields = [...document.querySelectorAll('.error-detail li')].map((li) => li.textContent);
      expect(atFields).toEqual(expect.arrayContaining(['orderNo为必填项', '天数不能小于 1']));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
