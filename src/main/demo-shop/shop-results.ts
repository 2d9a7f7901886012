import { z } from 'zod';

/** Shapes of the shop MCP server's tool results (JSON text in role 'tool' messages), read leniently. */
const orderSchema = z.object({
  orderNo: z.string(),
  items: z
    .array(z.object({ name: z.string(), quantity: z.number().optional(), price: z.number().optional() }))
    .default([]),
  amount: z.number().optional(),
  status: z.string(),
  statusText: z.string().optional(),
  createdAt: z.string().optional(),
  trackingNo: z.string().nullish(),
  deliveredAt: z.string().nullish(),
});
export type ShopOrder = z.output<typeof orderSchema>;

export const orderListSchema = z.object({ orders: z.array(orderSchema) });

export const logisticsSchema = z.object({
  trackingNo: z.string(),
  orderNo: z.string().optional(),
  orderStatus: z.string().optional(),
  orderStatusText: z.string().optional(),
  nodes: z.array(z.object({ time: z.string(), location: z.string().default(''), description: z.string() })),
});
export type Logistics = z.output<typeof logisticsSchema>;

export const addressResultSchema = z.object({ orderNo: z.string(), shippingAddress: z.string() });
export const couponsResultSchema = z.object({
  coupons: z.array(z.object({ title: z.string(), expiresAt: z.string().optional() })),
});
/** `refund`: the shop's word on money going back ('none' for an unpaid order); absent from shops that do not say. */
export const cancelResultSchema = z.object({ orderNo: z.string(), status: z.string(), refund: z.string().optional() });
export const refundResultSchema = z.object({ ticketId: z.string(), orderNo: z.string(), status: z.string() });
export const knowledgeResultSchema = z.object({
  results: z.array(z.object({ source: z.string(), heading: z.string(), passage: z.string() })),
});

/** Parses JSON tool content against a schema; undefined when the text is not what we expect. */
export function parseToolJson<T>(schema: z.ZodType<T>, content: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const isCancellable = (order: ShopOrder) => order.status === 'unpaid' || order.status === 'paid';
export const isRefundable = (order: ShopOrder) => order.status === 'delivered';
