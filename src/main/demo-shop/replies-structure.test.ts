import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { splitMarkdown } from '../core/knowledge/split-markdown';
import { refusedCallText } from '../core/agent/refusal';
import type { Lang, ToolStep } from './conversation';
import * as replies from './replies';
import type { Logistics, ShopOrder } from './shop-results';

const orders: ShopOrder[] = [
  {
    orderNo: 'BS1001003',
    items: [{ name: 'AirPods Pro 2' }],
    status: 'shipped',
    createdAt: '2026-01-10T08:00:00Z',
    trackingNo: 'BIT9100000233',
  },
  {
    orderNo: 'BS1001007',
    items: [{ name: 'AirPods 4', quantity: 2 }],
    status: 'delivered',
    createdAt: '2025-12-01T08:00:00Z',
  },
];
const logistics: Logistics = {
  trackingNo: 'BIT9100000233',
  orderNo: 'BS1001003',
  orderStatus: 'shipped',
  nodes: [{ time: '2026-01-12T02:00:00Z', location: '上海', description: '快件已发出' }],
};
const failed = (content: string): ToolStep => ({
  call: { id: 'c1', name: 'cancel_order', arguments: {} },
  result: { content, isError: true },
});
const passage = {
  source: 'returns.md',
  heading: '退货要多久',
  passage: '1. 申请售后。\n2. 寄回商品。\n\n整个退货流程一般需要 5-10 天。',
};

/**
 * Sample arguments for every reply template (the language is appended). A template added to replies.ts without a
 * sample here fails the first test, so every template's output is checked.
 */
const SAMPLES: Record<string, unknown[][]> = {
  statusOf: [[orders[0]]],
  itemsOf: [[orders[1]]],
  orderList: [[orders]],
  clarify: [
    ['track', orders],
    ['cancel', orders],
  ],
  selectionUnclear: [[orders]],
  genericDelivery: [[]],
  logisticsReport: [
    [logistics, orders[0]],
    [{ ...logistics, nodes: [] }, undefined],
  ],
  notShipped: [[orders[0]]],
  noLogisticsTool: [[orders[0]]],
  toolFailed: [[['查询订单', 'Looking up your orders'], '订单服务暂时不可用']],
  notApproved: [[['查询订单', 'Looking up your orders']]],
  callFailed: [
    [['取消订单', 'Cancelling the order'], failed('订单已发货，不能取消')],
    [['取消订单', 'Cancelling the order'], failed(refusedCallText({ decision: 'reject', reason: '已超过7天售后期' }))],
  ],
  cancelNotApproved: [['BS1001011']],
  refundNotApproved: [['BS1001011']],
  addressNotApproved: [['BS1001011']],
  unreadable: [['query_order']],
  noOrders: [[]],
  noOrderTool: [['cancel']],
  nothingEligible: [
    ['address', orders],
    ['cancel', orders],
    ['refund', orders],
  ],
  cancelled: [
    ['BS1001011', 'refunded'],
    ['BS1001015', 'unpaid'],
    ['BS1001011', 'unknown'],
  ],
  notCancelled: [['BS1001011', '订单已发货，不能取消']],
  noCancelTool: [[]],
  refundSubmitted: [['BS1001011', 'AS20260101']],
  refundRejected: [['BS1001011', '已超过售后期']],
  cannotRefund: [[]],
  policyAnswer: [[passage]],
  policyNotFound: [[]],
  noKnowledgeTool: [[]],
  capabilities: [[() => true], [() => false]],
  askAddress: [['公司'], [undefined]],
  addressUpdated: [['BS1001011', '上海市浦东新区世纪大道100号 张三 13800000000']],
  addressNotUpdated: [['BS1001011', '订单已发货']],
  noAddressTool: [[]],
  couponList: [[[{ title: '满300减30', expiresAt: '2026-02-01T00:00:00Z' }, { title: '运费券' }]], [[]]],
  noCouponTool: [[]],
};

const LIST_LINE = /^\s*(?:\d+[.)]|[-*+])\s/;

interface Node {
  type: string;
  children?: Node[];
  position?: { start: { line: number }; end: { line: number } };
}

/** The source lines (1-based) that the parser put inside a list item. */
function lineNumbersInListItems(tree: Node): Set<number> {
  const lines = new Set<number>();
  const walk = (node: Node) => {
    if (node.type === 'listItem' && node.position)
      for (let l = node.position.start.line; l <= node.position.end.line; l++) lines.add(l);
    node.children?.forEach(walk);
  };
  walk(tree);
  return lines;
}

/**
 * The structure the chat renders: a line written as a list item is one (and only that line), and no other line is
 * swallowed by a list. A sentence after a list with no blank line before it becomes part of the last item (a "lazy
 * continuation line"), which is what the operator saw.
 */
function expectListsKeepToTheirLines(text: string, label: string) {
  const tree = fromMarkdown(text) as Node;
  const inItems = lineNumbersInListItems(tree);
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    const isItem = LIST_LINE.test(line);
    expect({ label, line, inList: inItems.has(index + 1) }).toEqual({ label, line, inList: isItem });
  });
  // Each list item is a single paragraph of a single line.
  const walk = (node: Node) => {
    if (node.type === 'listItem')
      expect({ label, lines: node.position!.end.line - node.position!.start.line + 1 }).toEqual({ label, lines: 1 });
    node.children?.forEach(walk);
  };
  walk(tree);
}

const LANGS: Lang[] = ['zh', 'en'];

describe('demo reply templates render as the markdown they mean', () => {
  it('has a sample for every template', () => {
    const templates = Object.entries(replies)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    expect(templates.filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  for (const [name, cases] of Object.entries(SAMPLES))
    it(`${name}: lists end where they end, in Chinese and English`, () => {
      const template = (replies as unknown as Record<string, (...args: unknown[]) => string>)[name];
      for (const args of cases)
        for (const lang of LANGS) {
          const text = template(...args, lang);
          expect(typeof text).toBe('string');
          expectListsKeepToTheirLines(text, `${name}(${lang})`);
        }
    });

  it('clarify: the question, the list of orders, then the instruction as its own paragraph', () => {
    const tree = fromMarkdown(replies.clarify('track', orders, 'zh')) as Node;
    expect(tree.children!.map((n) => n.type)).toEqual(['paragraph', 'list', 'paragraph']);
    expect(tree.children![1].children).toHaveLength(2);
  });

  it('every knowledge passage quoted by policyAnswer keeps its paragraphs out of its lists', async () => {
    const dir = join(__dirname, '../../../resources/knowledge');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThan(0);
    let withTrailer = 0;
    for (const file of files)
      for (const p of splitMarkdown(file, await readFile(join(dir, file), 'utf8'))) {
        const text = replies.policyAnswer({ source: p.source, heading: p.heading, passage: p.text }, 'zh');
        expectListsKeepToTheirLines(text, `${file} / ${p.heading}`);
        if (/5-10 天/.test(text)) {
          withTrailer += 1;
          const tree = fromMarkdown(text) as Node;
          expect(tree.children!.at(-1)!.type).toBe('paragraph'); // 「整个退货流程一般需要 5-10 天」 after the steps
        }
      }
    expect(withTrailer).toBe(1);
  });
});
