import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoShopBundle } from '../../demo-shop/bundle';
import { coreParts, createCore, type Core, type CoreOptions, type CoreParts } from '../app';
import { CONFIG_FILE_NAME } from './config-store';

/**
 * A config file as the first release wrote it (commit 0af5d8d, 2026-12-02), before the demo shop left the core:
 * `provider: demo` and `builtin: shop` are now names the demo shop's bundle registers, not words of the schema.
 */
const FIRST_RELEASE_CONFIG = `# Switchboard configuration. Edit here or in the console; changes apply from the next turn.
agent:
  model:
    provider: demo            # demo | openai-compatible | anthropic
  maxSteps: 8
  approvalTimeoutMs: 300000
  mcp:
    servers:
      - name: shop
        builtin: shop         # the embedded 比特严选 demo server, started on a free loopback port
intents:
  - id: shop
    name: 比特严选
    children:
      - id: order-query
        name: 订单查询
        kind: mcp
        toolId: query_order
        confirm: auto
        examples: ["我的快递到哪了", "上周买的AirPods Pro还没收到"]
      - id: logistics-query
        name: 物流查询
        kind: mcp
        toolId: query_logistics
        confirm: auto
        examples: ["帮我查一下物流"]
      - id: order-cancel
        name: 取消订单
        kind: mcp
        toolId: cancel_order
        confirm: auto
        examples: ["帮我取消键盘的订单"]
      - id: address-update
        name: 修改收货地址
        kind: mcp
        toolId: update_shipping_address
        confirm: auto
        examples: ["把收货地址改成公司"]
      - id: refund-apply
        name: 申请退款
        kind: mcp
        toolId: apply_refund
        confirm: auto
        examples: ["我要退款"]
      - id: invoice-query
        name: 发票查询
        kind: mcp
        toolId: query_invoice   # not offered by the shop server: shows as unavailable
        confirm: auto
        examples: ["帮我开发票"]
  - id: policies
    name: 购物政策
    children:
      - id: policy-search
        name: 政策知识库
        kind: knowledge
        examples: ["退货要多久", "保修几年"]
skills:
  - name: after-sales
    description: 售后处理手册
    manual: |
      # 售后处理手册
      1. 先用 query_order 确认订单已签收，且签收不超过 7 天。
      2. 向用户确认退款原因，再调用 apply_refund。
      3. 把售后工单号告诉用户，说明 1-3 个工作日内审核。
    unlocks: [apply_refund]
`;

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A core over a data directory whose switchboard.yaml holds `text`. */
async function coreOver(text: string, options: Partial<CoreOptions> = {}): Promise<Core & CoreParts> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-config-names-'));
  dirs.push(dataDir);
  await writeFile(join(dataDir, CONFIG_FILE_NAME), text);
  const core = await createCore({ dataDir, watchConfig: false, oneShot: true, log: () => undefined, ...options });
  cores.push(core);
  return { ...core, ...coreParts(core) };
}

describe('builtin servers and model providers are names the entry point registers', () => {
  it("loads an old config file unchanged with the demo shop's bundle: builtin: shop, provider: demo", async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG, demoShopBundle());
    expect(core.config.snapshot().problems).toEqual([]);
    const config = core.config.current();
    expect(config.agent.mcp.servers).toEqual([expect.objectContaining({ name: 'shop', builtin: 'shop' })]);
    expect(config.agent.model.provider).toBe('demo');
    expect(config.intents.map((node) => node.id)).toEqual(['shop', 'policies']);
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
    expect(core.services.settings.view().model).toMatchObject({ provider: 'demo', label: 'offline demo model' });
  });

  it("a config that names no provider gets the bundle's first, as when demo was the schema's default", async () => {
    const withoutModel = FIRST_RELEASE_CONFIG.replace(/ {2}model:\n {4}provider: demo.*\n/, '');
    expect(withoutModel).not.toContain('provider');
    const core = await coreOver(withoutModel, demoShopBundle());
    expect(core.config.current().agent.model.provider).toBe('demo');
    // Without a bundle, the first vendor's.
    const generic = await coreOver('agent:\n  maxSteps: 8\n');
    expect(generic.config.current().agent.model.provider).toBe('openai-compatible');
  });

  it('refuses names this process does not have, each with its line and the names there are, and keeps the file', async () => {
    const text = FIRST_RELEASE_CONFIG.replace('builtin: shop', 'builtin: warehouse').replace(
      'provider: demo',
      'provider: gemini',
    );
    const core = await coreOver(text, demoShopBundle());
    const { problems, fileOk } = core.config.snapshot();
    expect(fileOk).toBe(false);
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'agent.model.provider',
        line: 4,
        message: 'there is no model provider "gemini" here; the providers are "demo", "openai-compatible", "anthropic"',
        uiMessage: expect.objectContaining({ code: 'config.unknownProvider' }),
      }),
      expect.objectContaining({
        path: 'agent.mcp.servers.0.builtin',
        line: 10,
        message: 'there is no builtin server "warehouse" here; the builtin servers are "shop"',
        uiMessage: expect.objectContaining({
          code: 'config.unknownBuiltin',
          params: { name: 'warehouse', known: '"shop"' },
        }),
      }),
    ]);
    expect(await readFile(core.config.path, 'utf8')).toBe(text);
  });

  it('without the bundle, the old file is refused as naming what this build lacks, and not overwritten', async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG);
    expect(core.config.snapshot().problems.map((problem) => problem.message)).toEqual([
      'there is no model provider "demo" here; the providers are "openai-compatible", "anthropic"',
      'there is no builtin server "shop" here: this build embeds none',
    ]);
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
  });

  it('an edit that names an unknown builtin server is refused with the names, and nothing is written', async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG, demoShopBundle());
    await expect(core.services.servers.add({ name: 'stock', builtin: 'stock', enabled: true })).rejects.toMatchObject({
      name: 'Invalid',
      details: [
        expect.objectContaining({ message: 'there is no builtin server "stock" here; the builtin servers are "shop"' }),
      ],
    });
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
  });
});
