import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import { tenantBaseInfoSchema } from '@/lib/shared/tenant/tenant.contract';
import { orderItemSchema, payChannelSchema } from '@/lib/shared/trade/trade.contract';

/**
 * The operator's console (issue 29 item 5): the platform account's tenants, orders and audit log.
 * Every endpoint needs a platform permission (CONSOLE_PERMISSIONS); tenants' own roles can never
 * hold one (their menus are seeded with access 'platform', and a role is given only menus its
 * granter holds), so tenant administrators and members are refused on the server.
 */
const tags = ['平台运营'];

export const CONSOLE_PERMISSIONS = {
  tenantQuery: 'system:tenant:query',
  tenantUpdate: 'system:tenant:update',
  /** 停用 / 启用租户 (with a reason; members are signed out). */
  tenantDisable: 'system:tenant:disable',
  /** 赠送解锁额度. */
  tenantQuota: 'system:tenant:quota',
  orderQuery: 'trade:order:query',
  /** 标记退款 (a status change with a reason; no money moves). */
  orderRefund: 'trade:order:refund',
  auditQuery: 'system:audit-log:query',
  contentImport: 'system:content:import',
  /** 数字员工配置 (issue 34 item 3): the AI employee's configuration document. */
  aiEmployeeConfig: 'system:ai-employee:update',
} as const;

/** Whether a permission list opens any console page (the menu's and pages' check). */
export const CONSOLE_ANY = {
  type: 'some' as const,
  value: [
    CONSOLE_PERMISSIONS.tenantQuery,
    CONSOLE_PERMISSIONS.orderQuery,
    CONSOLE_PERMISSIONS.auditQuery,
    CONSOLE_PERMISSIONS.contentImport,
    CONSOLE_PERMISSIONS.aiEmployeeConfig,
  ],
};

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(10);
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
const reasonSchema = z
  .string()
  .trim()
  .min(2, '请填写原因（至少 2 个字）')
  .max(200, '原因不能超过 200 个字');

// ---- Tenants ----

export const consoleTenantSchema = tenantBaseInfoSchema.extend({
  /** Member seats in force (the edition's maximum unless the platform set one). */
  memberLimit: z.number().int(),
  memberLimitByPlatform: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledTime: epochMs.nullable(),
  /** Contact unlocks left this month (edition allowance plus unexpired grants). */
  unlockRemaining: z.number().int(),
  monthlyUnlockQuota: z.number().int(),
  unlockUsedThisMonth: z.number().int(),
  grantRemaining: z.number().int(),
  /** The platform's own tenant (the operator's): it cannot be disabled from here. */
  platform: z.boolean(),
});
export type ConsoleTenant = z.infer<typeof consoleTenantSchema>;

export const consoleTenantQuerySchema = z.object({
  pageNo,
  pageSize,
  /** Name, unified social credit code or tenant id. */
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  edition: z.coerce.number().int().min(0).max(4).optional(),
  /** Paid editions expiring within this many days (already expired ones included). */
  expiringDays: z.coerce.number().int().min(0).max(3650).optional(),
});

export const getConsoleTenantPage = defineContract({
  method: 'GET',
  path: '/system/tenant/console-page',
  summary: '租户列表（平台）：版本、到期、额度、成员数、状态；按名称/编号、状态、版本、到期筛选',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.tenantQuery,
  query: consoleTenantQuerySchema,
  response: pageResponse(consoleTenantSchema),
});

export const tenantStatusBodySchema = z.object({
  id,
  /** 0 enable, 1 disable. */
  status: z.union([z.literal(0), z.literal(1)]),
  reason: reasonSchema,
});
export type TenantStatusBody = z.output<typeof tenantStatusBodySchema>;

export const updateTenantStatus = defineContract({
  method: 'PUT',
  path: '/system/tenant/update-status',
  summary:
    '停用或启用租户（平台，必须填写原因，记入审计日志）：停用后成员全部下线且不能登录，启用后恢复',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.tenantDisable,
  body: tenantStatusBodySchema,
  response: z.object({ status: z.number().int(), signedOut: z.number().int() }),
});

export const tenantQuotaGrantBodySchema = z.object({
  tenantId: id,
  amount: z.coerce.number().int().min(1, '额度至少为 1').max(100_000),
  /** Days the grant lasts; none = no expiry. */
  days: z.coerce.number().int().min(1).max(3650).optional().nullable(),
  reason: reasonSchema,
});
export type TenantQuotaGrantBody = z.output<typeof tenantQuotaGrantBodySchema>;

export const grantTenantQuota = defineContract({
  method: 'POST',
  path: '/system/tenant/grant-quota',
  summary: '赠送解锁额度（平台，填写原因，记入审计日志）',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.tenantQuota,
  body: tenantQuotaGrantBodySchema,
  response: z.boolean(),
});

// ---- Orders and payments ----

/** Order status in the console: orders.status plus 'expired' for a pending order past its QR. */
export const CONSOLE_ORDER_STATUSES = ['pending', 'expired', 'paid', 'closed', 'refunded'] as const;
export const consoleOrderStatusSchema = z.enum(CONSOLE_ORDER_STATUSES);
export type ConsoleOrderStatus = z.infer<typeof consoleOrderStatusSchema>;

export const consoleOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  subject: z.string(),
  status: consoleOrderStatusSchema,
  channel: payChannelSchema,
  amountFen: z.number().int(),
  providerTradeNo: z.string().nullable(),
  createTime: epochMs,
  payTime: epochMs.nullable(),
  refundTime: epochMs.nullable(),
  refundReason: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

export const paymentEventViewSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  outcome: z.string(),
  eventId: z.string().nullable(),
  amountFen: z.number().int().nullable(),
  ip: z.string().nullable(),
  createTime: epochMs,
});

export const consoleOrderDetailSchema = consoleOrderSchema.extend({
  items: z.array(orderItemSchema),
  payments: z.array(paymentEventViewSchema),
  applyResult: z.record(z.string(), z.unknown()).nullable(),
  refundedBy: z.string().nullable(),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

const dateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const getConsoleOrderPage = defineContract({
  method: 'GET',
  path: '/trade/order/page',
  summary: '订单与支付（平台）：按订单号、租户、状态、下单日期查询',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.orderQuery,
  query: z.object({
    pageNo,
    pageSize,
    orderNo: z.string().trim().max(64).optional(),
    /** Tenant name (part) or id. */
    tenant: z.string().trim().max(100).optional(),
    status: consoleOrderStatusSchema.optional(),
    /** Created on or after this day (China time). */
    from: dateSchema.optional(),
    /** Created on or before this day (China time). */
    to: dateSchema.optional(),
  }),
  response: pageResponse(consoleOrderSchema),
});

export const getConsoleOrder = defineContract({
  method: 'GET',
  path: '/trade/order/get',
  summary: '订单详情（平台）：明细、支付回调记录、开通结果、退款标记',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.orderQuery,
  query: z.object({ id }),
  response: consoleOrderDetailSchema,
});

export const markOrderRefunded = defineContract({
  method: 'PUT',
  path: '/trade/order/mark-refunded',
  summary: '标记已退款（平台）：只改订单状态并记录原因与审计日志，不发生资金操作',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.orderRefund,
  body: z.object({ id, reason: reasonSchema }),
  response: consoleOrderSchema,
});

// ---- Audit log ----

export const auditLogViewSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** The action in Chinese (AUDIT_ACTION_LABELS), or the code when unknown. */
  actionName: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Browser and system read from the user agent, e.g. Chrome · Windows. */
  device: z.string(),
  createTime: epochMs,
});
export type AuditLogView = z.infer<typeof auditLogViewSchema>;

export const getAuditLogPage = defineContract({
  method: 'GET',
  path: '/system/audit-log/page',
  summary:
    '审计日志（平台）：谁在何时从哪里（IP / 设备）做了什么；按操作、操作人、租户、对象、IP、日期筛选',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.auditQuery,
  query: z.object({
    pageNo,
    pageSize,
    action: z.string().trim().max(64).optional(),
    /** Operator: account name, nickname, mobile or user id. */
    user: z.string().trim().max(64).optional(),
    /** Tenant name (part) or id. */
    tenant: z.string().trim().max(100).optional(),
    target: z.string().trim().max(100).optional(),
    ip: z.string().trim().max(64).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  }),
  response: pageResponse(auditLogViewSchema),
});

export const getAuditActions = defineContract({
  method: 'GET',
  path: '/system/audit-log/actions',
  summary: '审计日志的操作类型（代码与中文名）',
  tags,
  access: 'tenant',
  permission: CONSOLE_PERMISSIONS.auditQuery,
  response: z.array(z.object({ value: z.string(), label: z.string() })),
});
