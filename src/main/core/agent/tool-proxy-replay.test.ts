import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the tool proxy and the replay diff (issue 29/30)', () => {
  it('marks a refused replay write with a typed field and never imports the diff module (which reads the field, not text)', () => {
    const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const file of ['./tool-proxy.ts', './call-gate.ts']) expect(read(file)).not.toMatch(/replay-diff/);
    expect(read('./call-gate.ts')).toMatch(/wouldAskApproval: true/);
  });
});
