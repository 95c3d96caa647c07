import { z } from 'zod';
import { epochMs } from '@/lib/shared/api/contract';
import { emailSchema, mobileSchema } from '@/lib/shared/validation/rules';
import { validateUncid } from '@/lib/shared/enterprise/uncid';
import { LANDLINE_PATTERN } from '@/lib/shared/clue/clue.constants';

/*
 * Schema pieces the CRM contracts (leads, customers, opportunities) share: ids and id lists, form
 * fields that may be cleared, the spec-5 contact fields, time ranges, paging and follow-ups. Each
 * contract keeps its own messages; these only fix how the pieces behave.
 */

/** A code of one of the tenant's code groups (ADR 0183); the server checks it is enabled. */
export const groupCode = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(20, message);

/** A record id: a positive integer, from JSON or a query string. */
export const crmId = z.coerce.number().int().positive();

/** Empty strings (a cleared form field) and null become null; otherwise `schema` applies. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable().optional(),
  );
}

/** Optional free text of at most `max` characters. */
export const text = (max: number, label: string) =>
  optional(z.string().trim().max(max, `${label}最多 ${max} 个字符`));

/** ids as a JSON array, a repeated query key or a comma-separated list, then `list`. */
export function splitIds<T extends z.ZodType>(list: T) {
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.split(',').filter((s) => s.trim() !== '')
        : typeof v === 'number'
          ? [v]
          : v,
    list,
  );
}

/** One to `max` ids (bulk calls), with the contract's messages. */
export const idList = (max: number, m: { idsRequired: string; tooManyIds: string }) =>
  splitIds(z.array(crmId, { error: m.idsRequired }).min(1, m.idsRequired).max(max, m.tooManyIds));

/** `id` or `ids=1,2,3` (at least one): the query of a delete that takes one row or a selection. */
export const idOrIds = (max: number, m: { idsRequired: string; tooManyIds: string }) =>
  z
    .object({ id: crmId.optional(), ids: idList(max, m).optional() })
    .refine((v) => v.id || v.ids, { message: m.idsRequired, path: ['id'] });

/** A [from, to] range of epoch milliseconds; either end may be null (open). */
export const timeRange = (message: string) =>
  z
    .array(z.coerce.number().int().nonnegative().nullable(), { error: message })
    .length(2, message)
    .optional();

/** pageNo and pageSize (default 10, at most `max`), the size message given or zod's own. */
export const paging = (max: number, tooLarge?: string) => ({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(max, tooLarge).default(10),
});

/** Size message of a page query. */
export const pageSizeMessage = (max: number) => `每页最多 ${max} 条`;

/** The list's sort order, newest first unless asked. */
export const sortOrder = z.enum(['asc', 'desc']).default('desc');

/** The list's keyword search box. */
export const keyword = optional(z.string().trim().max(50, '关键词最多 50 个字符'));

/** 统一社会信用代码, upper-cased and checked (GB 32100). */
export const creditCode = (message: string) =>
  optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => validateUncid(v), message),
  );

/** A contact's mobile, landline and e-mail as spec 5 has them. */
export const contactMobile = () => optional(mobileSchema);
export const contactLandline = (message: string) =>
  optional(z.string().trim().max(30, message).regex(LANDLINE_PATTERN, message));
export const contactEmail = () =>
  optional(emailSchema.pipe(z.string().max(100, '邮箱最多 100 个字符')));

/** The part of a new follow-up besides what it follows up on. */
export const followUpFields = (m: {
  channelInvalid: string;
  contentRequired: string;
  contentTooLong: string;
}) => ({
  /** A code of the tenant's 跟进方式 group (ADR 0183): the server checks it is enabled. */
  channel: z
    .string({ error: m.channelInvalid })
    .trim()
    .min(1, m.channelInvalid)
    .max(20, m.channelInvalid),
  content: z
    .string({ error: m.contentRequired })
    .trim()
    .min(1, m.contentRequired)
    .max(2000, m.contentTooLong),
  /** Next follow-up; absent or null clears the record's next follow-up time. */
  nextFollowTime: optional(epochMs.int().nonnegative()),
});

/** The part of a follow-up as read after its id and what it follows up on. */
export const followUpViewFields = {
  userId: z.number().int(),
  userName: z.string().nullable(),
  channel: z.string(),
  content: z.string(),
  nextFollowTime: epochMs.nullable(),
  createTime: epochMs,
};
