import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnowledgeBase, formatKnowledgeResult, loadKnowledgeBase, type KnowledgeBase } from './knowledge-base';
import { runSearchKnowledge, SEARCH_KNOWLEDGE_TOOL } from './search-knowledge-tool';
import { splitMarkdown } from './split-markdown';
import { tokenize } from './tokenize';

const SHIPPED_DIR = fileURLToPath(new URL('../../../../resources/knowledge', import.meta.url));

describe('tokenize', () => {
  it('turns Chinese runs into bigrams, drops particles, lowercases latin words', () => {
    const tokens = tokenize('退货要多久？AirPods Pro');
    expect(tokens).toContain('退货');
    expect(tokens).toEqual(expect.arrayContaining(['airpods', 'pro']));
    expect(tokens).not.toContain('货要'); // contains the particle 要
    expect(tokens).not.toContain('多久'); // question word
  });

  it('returns nothing for punctuation only', () => {
    expect(tokenize('？！…  ')).toEqual([]);
  });

  it('builds its word segmenter (ICU loads a dictionary) on first use, not when the module loads', async () => {
    vi.resetModules();
    const RealSegmenter = Intl.Segmenter;
    let made = 0;
    const intl = Intl as { Segmenter: typeof Intl.Segmenter };
    intl.Segmenter = new Proxy(RealSegmenter, {
      construct: (target, args: ConstructorParameters<typeof Intl.Segmenter>) => (made++, new target(...args)),
    });
    try {
      const fresh = await import('./tokenize');
      expect(made).toBe(0);
      expect(fresh.tokenize('退货')).toContain('退货');
      fresh.tokenize('换货');
      expect(made).toBe(1);
    } finally {
      intl.Segmenter = RealSegmenter;
    }
  });
});

describe('splitMarkdown', () => {
  it('splits by heading and keeps the nearest heading per passage', () => {
    const passages = splitMarkdown('doc.md', '# 标题\n\n引言。\n\n## 第一节\n\n- 一\n- 二\n\n## 第二节\n\n正文。');
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['标题', '引言。'],
      ['第一节', '- 一\n- 二'],
      ['第二节', '正文。'],
    ]);
    expect(passages.every((p) => p.title === '标题' && p.source === 'doc.md')).toBe(true);
  });

  it('starts a new passage when a section grows past maxChars', () => {
    const long = `## 长\n\n${'甲'.repeat(30)}\n\n${'乙'.repeat(30)}\n\n${'丙'.repeat(30)}`;
    const passages = splitMarkdown('x.md', long, 70);
    expect(passages).toHaveLength(2);
    expect(passages[0].text).toContain('乙');
    expect(passages[1].text).toBe('丙'.repeat(30));
  });
});

describe('shipped knowledge base', () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await loadKnowledgeBase(SHIPPED_DIR);
  });

  it.each([
    ['退货要多久', 'returns.md'],
    ['保修几年', 'warranty.md'],
    ['运费怎么算', 'shipping.md'],
    ['退款多久到账', 'refund.md'],
    ['发货要多久', 'shipping.md'],
    ['耳机拆封了还能无理由退货吗', 'returns.md'],
    ['is there free shipping', 'shipping.md'],
    ['how long does a refund take', 'refund.md'],
    ['warranty for headphones', 'warranty.md'],
  ])('「%s」 finds %s first', (query, source) => {
    const [top] = kb.search(query);
    expect(top?.source).toBe(source);
    expect(top.passage.length).toBeGreaterThan(0);
    expect(top.score).toBeGreaterThan(0);
  });

  it('finds the refund timing passage, not just the right file', () => {
    const [top] = kb.search('退款多久到账');
    expect(top.heading).toContain('到账');
    expect(top.passage).toContain('支付宝');
  });

  it('returns [] for an empty or blank query and for unknown words', () => {
    expect(kb.search('')).toEqual([]);
    expect(kb.search('   ')).toEqual([]);
    expect(kb.search('zzzz qqqq')).toEqual([]);
  });

  it('honours limit', () => {
    expect(kb.search('退货', 1)).toHaveLength(1);
    expect(kb.search('退货', 5).length).toBeLessThanOrEqual(5);
    expect(kb.search('退货', 0)).toEqual([]);
  });
});

describe('loading and formatting', () => {
  it('loads only markdown files and names passages by file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kb-'));
    try {
      await writeFile(join(dir, 'faq.md'), '# 常见问题\n\n会员积分每年12月31日清零。');
      await writeFile(join(dir, 'notes.txt'), '积分 积分 积分');
      const kb = await loadKnowledgeBase(dir);
      expect(kb.passageCount).toBe(1);
      expect(kb.search('积分清零').map((r) => r.source)).toEqual(['faq.md']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects when the directory does not exist', async () => {
    await expect(loadKnowledgeBase(join(tmpdir(), 'no-such-kb-dir-xyz'))).rejects.toThrow();
  });

  it('formats results as the search_knowledge JSON without scores', () => {
    const kb = createKnowledgeBase([{ source: 'a.md', text: '# 保修\n\n键盘保修2年。' }]);
    const json = JSON.parse(formatKnowledgeResult(kb.search('键盘保修')));
    expect(json).toEqual({ results: [{ source: 'a.md', heading: '保修', passage: '键盘保修2年。' }] });
  });

  it('search_knowledge tool runs the search and rejects a missing query', () => {
    const kb = createKnowledgeBase([{ source: 'a.md', text: '# 保修\n\n键盘保修2年。' }]);
    expect(SEARCH_KNOWLEDGE_TOOL.name).toBe('search_knowledge');
    expect(JSON.parse(runSearchKnowledge(kb, { query: '键盘' })).results).toHaveLength(1);
    expect(() => runSearchKnowledge(kb, {})).toThrow(/query/);
  });
});
