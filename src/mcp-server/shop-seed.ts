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

/** A moment of the seed: `[days, hours]` before the day it is made on began. */
type Ago = readonly [days: number, hours?: number];

interface StepSeed {
  at: Ago;
  location: string;
  description: string;
}

/** An order as the seed keeps it: its customer's id and address come from the list it is in. */
interface OrderSeed {
  orderNo: string;
  items: OrderItem[];
  status: Order['status'];
  placed: Ago;
  trackingNo?: string;
  /** Oldest first; a delivered order's last step is its signature, which dates the delivery. */
  tracking?: StepSeed[];
}

const step = (at: Ago, location: string, description: string): StepSeed => ({ at, location, description });
/** The shop's own warehouse in `city` handed the parcel over. */
const pickedUp = (at: Ago, city: string) => step(at, city, `【${city}市】比特严选${city}仓 已揽收`);
const arrived = (at: Ago, city: string) => step(at, city, `【${city}转运中心】已到达`);
/** Out for delivery from the Zhangjiang depot in Shanghai (u1001's), with the courier's name where it is known. */
const outFromZhangjiang = (at: Ago, courier?: string) =>
  step(at, '上海', `【上海浦东新区张江营业部】派送中${courier ? `，快递员 ${courier}` : ''}`);
const signed = (at: Ago, city: string, by: string) => step(at, city, `已签收，签收人：${by}`);

const CUSTOMERS: { customerId: string; address: string; orders: OrderSeed[] }[] = [
  {
    customerId: 'u1001',
    address: '上海市浦东新区张江镇碧波路 690 号 3 号楼 502 室，张明，138****1001',
    orders: [
      {
        // The story's order: placed "last week", still in transit.
        orderNo: 'BS1001003',
        items: [{ ...AIRPODS_PRO, quantity: 1 }],
        status: 'shipped',
        placed: [6, 2],
        trackingNo: 'BIT9100000233',
        tracking: [
          pickedUp([5, 20], '深圳'),
          step([5, 14], '深圳', '【深圳转运中心】已发出，下一站 上海转运中心'),
          arrived([3, 9], '上海'),
          step([1, 6], '上海', '【上海转运中心】因区域运力紧张，快件延迟发出，预计 1-2 天内派送'),
        ],
      },
      {
        // An older AirPods Pro order, so "AirPods" without a time window matches two orders.
        orderNo: 'BS1000871',
        items: [{ ...AIRPODS_PRO, quantity: 1 }],
        status: 'delivered',
        placed: [43],
        trackingNo: 'BIT9100000118',
        tracking: [
          pickedUp([42, 18], '深圳'),
          arrived([41, 10], '上海'),
          outFromZhangjiang([40, 8], '王师傅'),
          signed([40, 3], '上海', '本人'),
        ],
      },
      // Paid, not shipped: cancellable, address still changeable.
      { orderNo: 'BS1001011', items: [{ ...KEYBOARD, quantity: 1 }], status: 'paid', placed: [1, 5] },
      {
        // Delivered two days ago: inside the 7-day refund window.
        orderNo: 'BS1000952',
        items: [
          { ...CHARGER, quantity: 1 },
          { ...CABLE, quantity: 2 },
        ],
        status: 'delivered',
        placed: [5],
        trackingNo: 'BIT9100000201',
        tracking: [
          pickedUp([4, 16], '杭州'),
          arrived([3, 12], '上海'),
          outFromZhangjiang([2, 9]),
          signed([2, 4], '上海', '快递柜'),
        ],
      },
      // Not paid yet: cancellable.
      { orderNo: 'BS1001015', items: [{ ...DOCK, quantity: 1 }], status: 'unpaid', placed: [0, 1] },
    ],
  },
  {
    customerId: 'u1002',
    address: '北京市海淀区中关村大街 27 号 1101 室，李华，139****1002',
    orders: [
      {
        orderNo: 'BS1000990',
        items: [{ ...MOUSE, quantity: 1 }],
        status: 'shipped',
        placed: [4],
        trackingNo: 'BIT9100000777',
        tracking: [
          pickedUp([3, 20], '广州'),
          step([2, 8], '武汉', '【武汉转运中心】已发出，下一站 北京转运中心'),
          arrived([0, 10], '北京'),
        ],
      },
      {
        // u1002 also owns AirPods: keyword searches must never mix customers.
        orderNo: 'BS1000920',
        items: [{ ...AIRPODS_PRO, quantity: 1 }],
        status: 'delivered',
        placed: [14],
        trackingNo: 'BIT9100000650',
        tracking: [pickedUp([13], '深圳'), arrived([12], '北京'), signed([11], '北京', '前台')],
      },
    ],
  },
];

/** Coupons expire `inDays` days after the seed's day began. */
const COUPONS: (Omit<Coupon, 'expiresAt'> & { inDays: number })[] = [
  {
    id: 'CP-1001-01',
    customerId: 'u1001',
    title: '数码耳机品类券：满 500 减 50',
    discount: 50,
    minSpend: 500,
    inDays: 20,
  },
  { id: 'CP-1001-02', customerId: 'u1001', title: '全场通用券：满 199 减 20', discount: 20, minSpend: 199, inDays: 5 },
  { id: 'CP-1002-01', customerId: 'u1002', title: '新人券：满 99 减 10', discount: 10, minSpend: 99, inDays: 30 },
];

/** The seed's anchor: midnight UTC of the day `now` falls on (never in the future, the same all day). */
export const seedDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export function seedShopData(now: Date): ShopSeed {
  const t0 = seedDay(now).getTime();
  const time = ([days, hours = 0]: Ago): string => new Date(t0 - days * DAY_MS - hours * HOUR_MS).toISOString();
  const orderOf = (customerId: string, address: string, seed: OrderSeed): Order => {
    const tracking = (seed.tracking ?? []).map(({ at, ...where }): TrackingNode => ({ time: time(at), ...where }));
    return {
      orderNo: seed.orderNo,
      customerId,
      items: seed.items,
      status: seed.status,
      createdAt: time(seed.placed),
      shippingAddress: address,
      ...(seed.trackingNo !== undefined && { trackingNo: seed.trackingNo }),
      ...(seed.status === 'delivered' && { deliveredAt: tracking.at(-1)!.time }),
      tracking,
    };
  };
  return {
    orders: CUSTOMERS.flatMap(({ customerId, address, orders }) =>
      orders.map((seed) => orderOf(customerId, address, seed)),
    ),
    coupons: COUPONS.map(({ inDays, ...coupon }) => ({ ...coupon, expiresAt: time([-inDays]) })),
  };
}
