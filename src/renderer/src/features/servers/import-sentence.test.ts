import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../../shared/contract';
import { i18n } from '../../lib/i18n';
import { importedSentence } from './import-sentence';

const result = (fields: Partial<ImportResult>): ImportResult =>
  ({
    format: 'mcpServers',
    servers: [],
    conflicts: [],
    added: [],
    renamed: [],
    replaced: [],
    skipped: [],
    applied: true,
    ...fields,
  }) as ImportResult;

describe('the import outcome sentence (issue 30: "Imported added everything, …")', () => {
  it('counts first, so a server named "everything" never reads as part of the sentence; in both languages', () => {
    const en = i18n.getFixedT('en', 'servers');
    expect(importedSentence(en, result({ added: ['everything', 'memory'], skipped: ['fetch'] }))).toBe(
      'Imported 2 servers: added everything, memory; skipped fetch.',
    );
    expect(importedSentence(en, result({ renamed: [{ from: 'files', to: 'files-2' }] }))).toBe(
      'Imported 1 server: renamed files → files-2.',
    );
    expect(importedSentence(en, result({ skipped: ['fetch'] }))).toBe('Nothing imported: skipped fetch.');
    const zh = i18n.getFixedT('zh-CN', 'servers');
    expect(importedSentence(zh, result({ added: ['everything', 'memory'] }))).toBe(
      '已导入 2 个服务：新增 everything、memory。',
    );
  });
});
