import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['园区查询'];

/**
 * The 更多工具 entry that opens the external park site (db/seed/platform-data.ts, name of the
 * feature nav). Its `path` in the tool list is the configured PARK_SITE_URL ('' when none).
 */
export const PARK_TOOL_NAME = 'parkQuery';
/** An entry code is good for one exchange within this time (ADR 0060). */
export const PARK_ENTRY_CODE_TTL_MS = 60_000;
export const PARK_NOT_CONFIGURED_MESSAGE = '园区查询服务未配置';
export const PARK_ENTRY_CODE_INVALID_MESSAGE = '园区入口码无效、已过期或已使用';

export const createParkEntryCode = defineContract({
  method: 'POST',
  path: '/system/park/create-entry-code',
  summary: '生成园区站点的一次性入口码，返回带 code 的园区站点地址（60 秒内有效，只能用一次）',
  tags,
  access: 'user',
  // A hand-over like a login, not a change of data: it works in read-only showcases too.
  write: false,
  response: z.object({ url: z.string().describe('PARK_SITE_URL?code=…') }),
});

export const parkEntryIdentitySchema = z.object({
  userId: z.number().int(),
  tenantId: z.number().int().nullable(),
  nickname: z.string(),
});
export type ParkEntryIdentity = z.infer<typeof parkEntryIdentitySchema>;

export const exchangeParkEntryCode = defineContract({
  method: 'POST',
  path: '/system/park/exchange-entry-code',
  summary: '园区站点用入口码换取用户身份（服务端调用；入口码只能用一次）',
  tags,
  access: 'public',
  write: false,
  body: z.object({
    code: z.string().trim().min(1, '请提供入口码').max(200, PARK_ENTRY_CODE_INVALID_MESSAGE),
  }),
  response: parkEntryIdentitySchema,
});
