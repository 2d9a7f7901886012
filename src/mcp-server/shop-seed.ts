// Deterministic demo data. Every date is relative to the start of the (UTC) day the server runs on, so
// "上周买的AirPods Pro" always finds an order placed about six days ago, and two shops started the same day
// (the console's and a CLI run's, or a conversation and its replay) hold exactly the same data.
import type { Coupon, Order, OrderItem, ShopSeed, TrackingNode } from './shop-types';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const AIRPODS_PRO: Omit<OrderItem, 'quantity'> = {
  name: 'Apple AirPods Pro（第二代）',
  price: 1899,
  keywords: ['耳机', '无线耳机', '蓝牙耳机', '降噪耳机', '苹果耳机', 'earphones', 'headphones'],
};
const KEYBOARD: Omit<OrderItem, 'quantity'> = {
  name: '比特 K87 机械键盘（茶轴）',
  price: 399,
  keywords: ['键盘', '机械键盘', 'keyboard'],
};
const CHARGER: Omit<OrderItem, 'quantity'> = {
  name: '65W 氮化镓快充充电器',
  price: 149,
  keywords: ['充电器', '快充', '充电头', 'charger'],
};
const CABLE: Omit<OrderItem, 'quantity'> = {
  name: 'USB-C 编织数据线 1.5m',
  price: 39,
  keywords: ['数据线', '充电线', 'cable'],
};
const DOCK: Omit<OrderItem, 'quantity'> = {
  name: 'USB-C 七合一扩展坞',
  price: 269,
  keywords: ['扩展坞', '拓展坞', 'dock', 'hub'],
};
const MOUSE: Omit<OrderItem, 'quantity'> = {
  name: '罗技 MX Master 3S 无线鼠标',
  price: 699,
  keywords: ['鼠标', '无线鼠标', 'mouse'],
};

const U1001_ADDRESS = '上海市浦东新区张江镇碧波路 690 号 3 号楼 502 室，张明，138****1001';
const U1002_ADDRESS = '北京市海淀区中关村大街 27 号 1101 室，李华，139****1002';

/** The seed's anchor: midnight UTC of the day `now` falls on (never in the future, the same all day). */
export const seedDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export function seedShopData(now: Date): ShopSeed {
  const t0 = seedDay(now).getTime();
  // "d days and h hours before the day began", as an ISO string.
  const ago = (days: number, hours = 0): string => new Date(t0 - days * DAY_MS - hours * HOUR_MS).toISOString();
  const node = (time: string, location: string, description: string): TrackingNode => ({ time, location, description });

  const orders: Order[] = [
    {
      // The story's order: placed "last week", still in transit.
      orderNo: 'BS1001003',
      customerId: 'u1001',
      items: [{ ...AIRPODS_PRO, quantity: 1 }],
      status: 'shipped',
      createdAt: ago(6, 2),
      shippingAddress: U1001_ADDRESS,
      trackingNo: 'BIT9100000233',
      tracking: [
        node(ago(5, 20), '深圳', '【深圳市】比特严选深圳仓 已揽收'),
        node(ago(5, 14), '深圳', '【深圳转运中心】已发出，下一站 上海转运中心'),
        node(ago(3, 9), '上海', '【上海转运中心】已到达'),
        node(ago(1, 6), '上海', '【上海转运中心】因区域运力紧张，快件延迟发出，预计 1-2 天内派送'),
      ],
    },
    {
      // An older AirPods Pro order, so "AirPods" without a time window matches two orders.
      orderNo: 'BS1000871',
      customerId: 'u1001',
      items: [{ ...AIRPODS_PRO, quantity: 1 }],
      status: 'delivered',
      createdAt: ago(43),
      shippingAddress: U1001_ADDRESS,
      trackingNo: 'BIT9100000118',
      deliveredAt: ago(40, 3),
      tracking: [
        node(ago(42, 18), '深圳', '【深圳市】比特严选深圳仓 已揽收'),
        node(ago(41, 10), '上海', '【上海转运中心】已到达'),
        node(ago(40, 8), '上海', '【上海浦东新区张江营业部】派送中，快递员 王师傅'),
        node(ago(40, 3), '上海', '已签收，签收人：本人'),
      ],
    },
    {
      // Paid, not shipped: cancellable, address still changeable.
      orderNo: 'BS1001011',
      customerId: 'u1001',
      items: [{ ...KEYBOARD, quantity: 1 }],
      status: 'paid',
      createdAt: ago(1, 5),
      shippingAddress: U1001_ADDRESS,
      tracking: [],
    },
    {
      // Delivered two days ago: inside the 7-day refund window.
      orderNo: 'BS1000952',
      customerId: 'u1001',
      items: [
        { ...CHARGER, quantity: 1 },
        { ...CABLE, quantity: 2 },
      ],
      status: 'delivered',
      createdAt: ago(5),
      shippingAddress: U1001_ADDRESS,
      trackingNo: 'BIT9100000201',
      deliveredAt: ago(2, 4),
      tracking: [
        node(ago(4, 16), '杭州', '【杭州市】比特严选杭州仓 已揽收'),
        node(ago(3, 12), '上海', '【上海转运中心】已到达'),
        node(ago(2, 9), '上海', '【上海浦东新区张江营业部】派送中'),
        node(ago(2, 4), '上海', '已签收，签收人：快递柜'),
      ],
    },
    {
      // Not paid yet: cancellable.
      orderNo: 'BS1001015',
      customerId: 'u1001',
      items: [{ ...DOCK, quantity: 1 }],
      status: 'unpaid',
      createdAt: ago(0, 1),
      shippingAddress: U1001_ADDRESS,
      tracking: [],
    },
    {
      orderNo: 'BS1000990',
      customerId: 'u1002',
      items: [{ ...MOUSE, quantity: 1 }],
      status: 'shipped',
      createdAt: ago(4),
      shippingAddress: U1002_ADDRESS,
      trackingNo: 'BIT9100000777',
      tracking: [
        node(ago(3, 20), '广州', '【广州市】比特严选广州仓 已揽收'),
        node(ago(2, 8), '武汉', '【武汉转运中心】已发出，下一站 北京转运中心'),
        node(ago(0, 10), '北京', '【北京转运中心】已到达'),
      ],
    },
    {
      // u1002 also owns AirPods: keyword searches must never mix customers.
      orderNo: 'BS1000920',
      customerId: 'u1002',
      items: [{ ...AIRPODS_PRO, quantity: 1 }],
      status: 'delivered',
      createdAt: ago(14),
      shippingAddress: U1002_ADDRESS,
      trackingNo: 'BIT9100000650',
      deliveredAt: ago(11),
      tracking: [
        node(ago(13), '深圳', '【深圳市】比特严选深圳仓 已揽收'),
        node(ago(12), '北京', '【北京转运中心】已到达'),
        node(ago(11), '北京', '已签收，签收人：前台'),
      ],
    },
  ];

  const inDays = (days: number): string => new Date(t0 + days * DAY_MS).toISOString();
  const coupons: Coupon[] = [
    {
      id: 'CP-1001-01',
      customerId: 'u1001',
      title: '数码耳机品类券：满 500 减 50',
      discount: 50,
      minSpend: 500,
      expiresAt: inDays(20),
    },
    {
      id: 'CP-1001-02',
      customerId: 'u1001',
      title: '全场通用券：满 199 减 20',
      discount: 20,
      minSpend: 199,
      expiresAt: inDays(5),
    },
    {
      id: 'CP-1002-01',
      customerId: 'u1002',
      title: '新人券：满 99 减 10',
      discount: 10,
      minSpend: 99,
      expiresAt: inDays(30),
    },
  ];

  return { orders, coupons };
}
