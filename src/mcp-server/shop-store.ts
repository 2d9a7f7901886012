// In-memory state of one shop server instance. Every customer-facing lookup takes the acting
// customer id, and another customer's order answers exactly like a missing one, so nothing leaks.
import {
  ORDER_STATUS_TEXT,
  type AfterSaleTicket,
  type Coupon,
  type Order,
  type ShopSeed,
  type StoreResult,
} from './shop-types';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REFUND_WINDOW_DAYS = 7;

export interface OrderFilter {
  keyword?: string;
  orderNo?: string;
  /** Only orders created within this many days before now. */
  days?: number;
}

// One message per kind of miss, shared by "does not exist" and "belongs to someone else".
export const orderNotFoundMessage = (orderNo: string): string =>
  `未找到订单 ${orderNo}：请先用 query_order 查询当前账号的订单，从结果里取订单号`;
export const trackingNotFoundMessage = (trackingNo: string): string =>
  `未找到运单 ${trackingNo}：请先用 query_order 查询订单，从结果里取运单号（trackingNo）`;

const normalizeCode = (code: string): string => code.trim().toUpperCase();

export class ShopStore {
  private readonly orders = new Map<string, Order>();
  private readonly coupons: Coupon[] = [];
  private readonly ticketList: AfterSaleTicket[] = [];
  private ticketSeq = 0;
  /** Write operations the store executed, whatever their outcome (a refused cancel counts too). */
  writesExecuted = 0;
  /** Write operations that changed state. */
  writesApplied = 0;

  constructor(
    seed: ShopSeed,
    private readonly now: () => Date,
  ) {
    this.reset(seed);
  }

  /** Back to the seed: every order, coupon and ticket as it was (Settings → Reset demo data). */
  reset(seed: ShopSeed): void {
    this.orders.clear();
    for (const order of seed.orders) this.orders.set(order.orderNo, structuredClone(order));
    this.coupons.splice(0, this.coupons.length, ...structuredClone(seed.coupons));
    this.ticketList.length = 0;
    this.ticketSeq = 0;
  }

  /** Any order by number, regardless of owner: for tests and inspection, never for tools. */
  getOrder(orderNo: string): Order | undefined {
    const order = this.orders.get(normalizeCode(orderNo));
    return order && structuredClone(order);
  }

  /** The customer's orders, newest first, optionally filtered. */
  listOrders(customerId: string, filter: OrderFilter = {}): Order[] {
    const since = filter.days === undefined ? undefined : this.now().getTime() - filter.days * DAY_MS;
    const wantedNo = filter.orderNo === undefined ? undefined : normalizeCode(filter.orderNo);
    return [...this.orders.values()]
      .filter((o) => o.customerId === customerId)
      .filter((o) => wantedNo === undefined || o.orderNo === wantedNo)
      .filter((o) => since === undefined || Date.parse(o.createdAt) >= since)
      .filter((o) => filter.keyword === undefined || orderMatchesKeyword(o, filter.keyword))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .map((o) => structuredClone(o));
  }

  /** The customer's order with this tracking number; undefined if missing or not theirs. */
  findOrderByTrackingNo(customerId: string, trackingNo: string): Order | undefined {
    const wanted = normalizeCode(trackingNo);
    for (const order of this.orders.values()) {
      if (order.trackingNo === wanted && order.customerId === customerId) return structuredClone(order);
    }
    return undefined;
  }

  listCoupons(customerId: string): Coupon[] {
    return this.coupons.filter((c) => c.customerId === customerId).map((c) => structuredClone(c));
  }

  get tickets(): readonly AfterSaleTicket[] {
    return this.ticketList.map((t) => structuredClone(t));
  }

  /** The cancelled order, and whether it had been paid (then the payment goes back: the customer is told so). */
  cancelOrder(customerId: string, orderNo: string, reason?: string): StoreResult<Order & { wasPaid: boolean }> {
    return this.write(customerId, orderNo, (order) => {
      if (order.status === 'cancelled')
        return { ok: false, message: `订单 ${order.orderNo} 已经取消过了，无需重复取消` };
      if (order.status === 'shipped' || order.status === 'delivered') {
        return {
          ok: false,
          message: `订单 ${order.orderNo} 已发货，无法取消；如需退货请在签收后申请售后（apply_refund）`,
        };
      }
      const wasPaid = order.status === 'paid';
      order.status = 'cancelled';
      if (reason) order.cancelReason = reason;
      return { ok: true, value: { ...structuredClone(order), wasPaid } };
    });
  }

  updateShippingAddress(customerId: string, orderNo: string, address: string): StoreResult<Order> {
    return this.write(customerId, orderNo, (order) => {
      if (order.status !== 'unpaid' && order.status !== 'paid') {
        return {
          ok: false,
          message: `订单 ${order.orderNo} 当前状态为「${ORDER_STATUS_TEXT[order.status]}」，只有未发货的订单可以修改收货地址`,
        };
      }
      order.shippingAddress = address;
      return { ok: true, value: structuredClone(order) };
    });
  }

  applyRefund(customerId: string, orderNo: string, reason: string): StoreResult<AfterSaleTicket> {
    return this.write(customerId, orderNo, (order) => {
      if (order.status !== 'delivered' || !order.deliveredAt) {
        return {
          ok: false,
          message: `订单 ${order.orderNo} 当前状态为「${ORDER_STATUS_TEXT[order.status]}」，只有已签收的订单可以申请退款`,
        };
      }
      const daysSinceDelivery = (this.now().getTime() - Date.parse(order.deliveredAt)) / DAY_MS;
      if (daysSinceDelivery > REFUND_WINDOW_DAYS) {
        return { ok: false, message: `订单 ${order.orderNo} 签收已超过 ${REFUND_WINDOW_DAYS} 天，无法申请退款` };
      }
      const open = this.ticketList.find((t) => t.orderNo === order.orderNo && t.status === 'open');
      if (open)
        return { ok: false, message: `订单 ${order.orderNo} 已有处理中的售后单 ${open.ticketId}，请勿重复申请` };
      this.ticketSeq += 1;
      const ticket: AfterSaleTicket = {
        ticketId: `AS${String(200000 + this.ticketSeq)}`,
        orderNo: order.orderNo,
        customerId,
        reason,
        status: 'open',
        createdAt: this.now().toISOString(),
      };
      this.ticketList.push(ticket);
      return { ok: true, value: structuredClone(ticket) };
    });
  }

  // Shared by every write: count it, resolve the order with the ownership check, count a change.
  private write<T>(customerId: string, orderNo: string, change: (order: Order) => StoreResult<T>): StoreResult<T> {
    this.writesExecuted += 1;
    const order = this.orders.get(normalizeCode(orderNo));
    if (!order || order.customerId !== customerId) return { ok: false, message: orderNotFoundMessage(orderNo.trim()) };
    const result = change(order);
    if (result.ok) this.writesApplied += 1;
    return result;
  }
}

/** Every whitespace-separated word must appear in some item's name or keywords (case-insensitive). */
export function orderMatchesKeyword(order: Order, keyword: string): boolean {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  return order.items.some((item) => {
    const haystack = [item.name, ...item.keywords].join(' ').toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
