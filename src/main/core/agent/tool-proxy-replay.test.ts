import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the tool proxy and the replay diff (issue 29/30)', () => {
  it('marks a refused replay write with a typed field and never imports the diff module (which reads the field, not text)', () => {
    const source = readFileSync(new URL('./tool-proxy.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/replay-diff/);
    expect(source).toMatch(/wouldAskApproval: true/);
  });
});
