import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';

const tags = ['会员购买'];

/**
 * Order status on the wire (orders.status 0 / 10 / 20 / 30; a pending order past its QR expiry
 * reads expired). 30: marked refunded by the platform operator (issue 29 item 5).
 */
export const ORDER_STATUS = { pending: 0, paid: 10, closed: 20, refunded: 30 } as const;
export const qrStatusSchema = z.enum(['pending', 'paid', 'expired', 'closed', 'refunded']);
export type QrStatus = z.infer<typeof qrStatusSchema>;

export const PAY_CHANNELS = ['demo', 'wechat', 'alipay'] as const;
export const payChannelSchema = z.enum(PAY_CHANNELS);
export type PayChannel = z.infer<typeof payChannelSchema>;

/** One way to buy an edition: a term of duration days at a price in fen. */
export const vipPlanSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  durationDays: z.number().int(),
  priceFen: z.number().int(),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

/** An edition (0-4) with its privileges and the plans that sell it (none for the free edition). */
export const vipEditionSchema = z.object({
  edition: z.number().int(),
  name: z.string(),
  /** Contacts a tenant may unlock per calendar month. */
  monthlyUnlockQuota: z.number().int(),
  maxSearchResults: z.number().int(),
  maxExportRows: z.number().int(),
  plans: z.array(vipPlanSchema),
});
export type VipEdition = z.infer<typeof vipEditionSchema>;

export const getVipList = defineContract({
  method: 'GET',
  path: '/product/vip/get-list',
  summary: '会员版本列表（版本 0-4：解锁额度、检索与导出上限、价格（分）与时长）',
  tags,
  access: 'public',
  response: z.array(vipEditionSchema),
});

const qrcodeKeyQuery = z.object({ qrcodeKey: z.string().trim().min(1).max(64) });

export const orderQrSchema = z.object({
  orderNo: z.string(),
  qrcodeKey: z.string(),
  /** What the QR encodes: a payment URL (weixin://…, https://qr.alipay.com/…) or the demo page. */
  qrContent: z.string(),
  channel: payChannelSchema,
  amountFen: z.number().int(),
  expireTime: epochMs,
});
export type OrderQr = z.infer<typeof orderQrSchema>;

export const getVipOrderQrcodeKey = defineContract({
  method: 'GET',
  path: '/trade/vip-order-user/get-qrcode-key',
  summary: '下单：为所选会员套餐创建待支付订单，返回 qrcodeKey、二维码内容与过期时间（企业管理员）',
  tags,
  access: 'tenant',
  // Creates an order although it is a GET (the spec's method).
  write: true,
  query: z.object({
    productId: z.coerce.number().int().positive(),
    /** wechat | alipay | demo; the first configured channel when left out. */
    payChannel: payChannelSchema.optional(),
  }),
  response: orderQrSchema,
});

export const orderItemSchema = z.object({
  kind: z.string(),
  name: z.string(),
  edition: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  creditAmount: z.number().int().nullable(),
  quantity: z.number().int(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
});

export const orderViewSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  subject: z.string(),
  status: qrStatusSchema,
  channel: payChannelSchema,
  amountFen: z.number().int(),
  createTime: epochMs,
  expireTime: epochMs,
  payTime: epochMs.nullable(),
  items: z.array(orderItemSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const getVipOrderPage = defineContract({
  method: 'GET',
  path: '/trade/vip-order-user/page',
  summary: '本企业的会员订单分页（企业管理员）',
  tags,
  access: 'tenant',
  query: z.object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    status: qrStatusSchema.optional(),
  }),
  response: pageResponse(orderViewSchema),
});

export const qrcodeKeyStatusSchema = z.object({
  status: qrStatusSchema,
  orderNo: z.string(),
  expireTime: epochMs,
  payTime: epochMs.nullable(),
});

export const getVipOrderQrcodeKeyStatus = defineContract({
  method: 'GET',
  path: '/trade/vip-order-user/get-qrcode-key-status',
  summary: '支付状态轮询：pending 待支付、paid 已支付、expired 二维码已过期、closed 已关闭',
  tags,
  access: 'tenant',
  query: qrcodeKeyQuery,
  response: qrcodeKeyStatusSchema,
});

export const paySuccessInfoSchema = z.object({
  orderNo: z.string(),
  subject: z.string(),
  amountFen: z.number().int(),
  payTime: epochMs,
  channel: payChannelSchema,
  /** The tenant's edition and expiry after this order was applied. */
  edition: z.number().int(),
  editionName: z.string(),
  expireTime: epochMs.nullable(),
  monthlyUnlockQuota: z.number().int(),
});
export type PaySuccessInfo = z.infer<typeof paySuccessInfoSchema>;

export const getVipOrderPaySuccessInfo = defineContract({
  method: 'GET',
  path: '/trade/vip-order-user/get-pay-success-info',
  summary: '支付成功信息：开通的版本、到期时间与解锁额度（订单未支付时返回错误）',
  tags,
  access: 'tenant',
  query: qrcodeKeyQuery,
  response: paySuccessInfoSchema,
});

// ---- Payment confirmations ----

export const wechatPayNotify = defineContract({
  method: 'POST',
  path: '/trade/pay-notify/wechat',
  summary: '微信支付 v3 支付结果通知（签名校验、AEAD_AES_256_GCM 解密）',
  tags,
  access: 'public',
  write: false,
  responseKind: 'raw',
  response: z.object({ code: z.string(), message: z.string() }),
});

export const alipayNotify = defineContract({
  method: 'POST',
  path: '/trade/pay-notify/alipay',
  summary: '支付宝异步通知（RSA2 验签），应答 success / fail 文本',
  tags,
  access: 'public',
  write: false,
  responseKind: 'raw',
  response: z.string(),
});

export const demoPayOrderSchema = z.object({
  orderNo: z.string(),
  subject: z.string(),
  amountFen: z.number().int(),
  tenantName: z.string(),
  status: qrStatusSchema,
  expireTime: epochMs,
});
export type DemoPayOrder = z.infer<typeof demoPayOrderSchema>;

export const getDemoPayOrder = defineContract({
  method: 'GET',
  path: '/trade/pay-demo/get',
  summary: '演示支付页：扫码后显示的订单（仅演示支付渠道）',
  tags,
  access: 'public',
  query: qrcodeKeyQuery,
  response: demoPayOrderSchema,
});

export const confirmDemoPay = defineContract({
  method: 'POST',
  path: '/trade/pay-demo/confirm',
  summary: '演示支付页：确认支付（仅演示支付渠道），data 为订单状态',
  tags,
  access: 'public',
  body: qrcodeKeyQuery,
  response: qrStatusSchema,
});
