// Domain types of the demo shop 比特严选 (Bit Select). Shared by the seed, the store and the tools.

export type OrderStatus = 'unpaid' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待付款',
  paid: '已付款，待发货',
  shipped: '已发货，运输中',
  delivered: '已签收',
  cancelled: '已取消',
};

export interface OrderItem {
  name: string;
  quantity: number;
  price: number;
  /** Extra search words (Chinese aliases, category) so "耳机" finds "AirPods Pro". Never sent to clients. */
  keywords: string[];
}

export interface TrackingNode {
  time: string; // ISO
  location: string;
  description: string;
}

export interface Order {
  orderNo: string;
  customerId: string;
  items: OrderItem[];
  status: OrderStatus;
  createdAt: string; // ISO
  shippingAddress: string;
  trackingNo?: string;
  deliveredAt?: string; // ISO
  cancelReason?: string;
  /** Oldest first, as events happen; tools present them newest first. */
  tracking: TrackingNode[];
}

export interface Coupon {
  id: string;
  customerId: string;
  title: string;
  discount: number;
  minSpend: number;
  expiresAt: string; // ISO
}

export interface AfterSaleTicket {
  ticketId: string;
  orderNo: string;
  customerId: string;
  reason: string;
  status: 'open';
  createdAt: string; // ISO
}

export interface ShopSeed {
  orders: Order[];
  coupons: Coupon[];
}

/** A store operation either succeeds with a value or fails with a message meant for the model/user. */
export type StoreResult<T> = { ok: true; value: T } | { ok: false; message: string };
