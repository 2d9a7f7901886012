import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { modelLabelText } from '../lib/i18n/model-label';
import { Expiry } from './PendingFacts';

afterEach(cleanup);

describe('pending facts and labels in zh-CN (issue 30)', () => {
  it('counts down in the console’s language', async () => {
    const expiresAt = new Date(Date.now() + 216_400).toISOString();
    await i18n.changeLanguage('zh-CN');
    try {
      const { container } = render(<Expiry expiresAt={expiresAt} action="自动拒绝" outcome="已拒绝" />);
      expect(container.textContent).toMatch(/^3 分 3[56] 秒后自动拒绝$/);
      expect(modelLabelText(i18n, 'offline demo model')).toBe('离线演示模型');
      expect(modelLabelText(i18n, 'gpt-4o-mini')).toBe('gpt-4o-mini');
    } finally {
      await i18n.changeLanguage('en');
    }
    const { container } = render(<Expiry expiresAt={expiresAt} action="auto-reject" outcome="rejected" />);
    expect(container.textContent).toMatch(/^auto-reject in 3 min 3[56] s$/);
    expect(modelLabelText(i18n, 'offline demo model')).toBe('offline demo model');
  });
});
