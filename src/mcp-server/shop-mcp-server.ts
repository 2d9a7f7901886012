// Builds one McpServer per session from the tool definitions. The acting customer is read from the
// tools/call request's _meta, so a model can never choose whose orders it sees.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { z } from 'zod';
import { mcpJsonSchemaValidator } from '../shared/mcp/json-schema-validator';
import { queryCouponsTool, queryLogisticsTool, queryOrderTool } from './shop-read-tools';
import type { ShopStore } from './shop-store';
import type { ShopToolDefinition } from './shop-tool-definition';
import { applyRefundTool, cancelOrderTool, updateShippingAddressTool } from './shop-write-tools';
import { toolError } from './tool-results';

export const CUSTOMER_ID_META_KEY = 'switchboard/customerId';
/**
 * A run that must not touch (or depend on) the live demo data, a test case or a replay, names a demo state of its
 * own here: the shop keeps a fresh copy of the seed under that name for it.
 */
export const DEMO_STATE_META_KEY = 'switchboard/demoState';
export const NO_IDENTITY_MESSAGE = 'no customer identity in this session（请求 _meta 里没有 switchboard/customerId）';

export const SHOP_SERVER_INFO = { name: 'bit-select-shop', title: '比特严选', version: '0.1.0' };

const SHOP_INSTRUCTIONS =
  '比特严选商城的订单、物流、优惠券与售后工具。当前顾客由会话确定，不要在参数里传顾客身份。' +
  '查物流前先用 query_order 取到运单号，再调用 query_logistics。';

/** The shop's built-in tools, in the order tools/list shows them. */
export const SHOP_TOOLS: ShopToolDefinition[] = [
  queryOrderTool,
  queryLogisticsTool,
  queryCouponsTool,
  cancelOrderTool,
  updateShippingAddressTool,
  applyRefundTool,
];

/** Where a request's _meta sits in the v2 handler context. */
type RequestMetaOf = { mcpReq: Pick<ServerContext['mcpReq'], '_meta'> };

export function readCustomerId(ctx: RequestMetaOf): string | undefined {
  const value: unknown = ctx.mcpReq._meta?.[CUSTOMER_ID_META_KEY];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The demo state a call names in its _meta, if it names one. */
export function readDemoState(ctx: RequestMetaOf): string | undefined {
  const value: unknown = ctx.mcpReq._meta?.[DEMO_STATE_META_KEY];
  return typeof value === 'string' && value.trim() !== '' && value.length <= 200 ? value : undefined;
}

/** The store a call works on: the live one, or the fresh state its _meta names. */
export type StoreFor = (demoState: string | undefined) => ShopStore;

export function createShopMcpServer(
  tools: readonly ShopToolDefinition[],
  storeFor: StoreFor,
  skills?: SkillsExtension,
): McpServer {
  const server = new McpServer(SHOP_SERVER_INFO, {
    instructions: SHOP_INSTRUCTIONS,
    jsonSchemaValidator: mcpJsonSchemaValidator(),
  });
  // The after-sales manual, published as a server skill (shop-skills.ts); attached before connecting, as the SDK requires.
  skills?.attach(server);
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        // Always a z.object (even for no arguments) so the SDK validates, and strips unknown keys.
        inputSchema: z.object(tool.inputSchema),
        annotations: tool.annotations,
      },
      async (args, ctx) => {
        const customerId = readCustomerId(ctx);
        if (!customerId) return toolError(NO_IDENTITY_MESSAGE);
        return tool.run(args, { customerId, store: storeFor(readDemoState(ctx)) });
      },
    );
  }
  return server;
}
