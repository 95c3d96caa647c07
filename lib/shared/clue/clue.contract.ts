import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
import { linkSchema } from '@/lib/shared/validation/rules';
import { contactItemSchema } from '@/lib/shared/enterprise/enterprise.contract';
import {
  contactEmail,
  contactLandline,
  contactMobile,
  creditCode,
  crmId as id,
  groupCode,
  followUpFields,
  followUpViewFields,
  idList as idListOf,
  idOrIds,
  keyword,
  optional,
  pageSizeMessage,
  paging,
  sortOrder,
  text,
  timeRange as timeRangeOf,
} from '@/lib/shared/crm/crm.schemas';
import { recordContracts, recycleContracts } from '@/lib/shared/crm/record-contracts';
import {
  CLUE_BULK_MAX,
  CLUE_MESSAGES as M,
  CLUE_PAGE_SIZE_MAX,
  CLUE_SORT_FIELDS,
} from './clue.constants';
import { CODE_GROUP_VALUES_MAX } from '@/lib/shared/code-group/code-group.constants';

const tags = ['线索管理'];

/** ids as a JSON array, a repeated query key or a comma-separated list. */
const idList = idListOf(CLUE_BULK_MAX, M);

/** A code of the tenant's 线索来源 group (ADR 0183): the server checks it is an enabled value. */
export const clueSourceSchema = groupCode(M.sourceInvalid);
export const clueStatusSchema = z.coerce
  .number({ error: M.statusInvalid })
  .int(M.statusInvalid)
  .min(0, M.statusInvalid)
  .max(3, M.statusInvalid);

/** Fields of a lead the user types in (create and update). */
const clueFields = {
  name: optional(z.string().trim().min(1, M.nameRequired).max(100, M.nameTooLong)),
  /** The linked company; name, credit code, region, industry and address default from it. */
  enterpriseId: optional(id),
  creditCode: creditCode(M.creditCodeInvalid),
  contactName: text(30, '联系人'),
  contactMobile: contactMobile(),
  contactPhone: contactLandline(M.landlineInvalid),
  contactEmail: contactEmail(),
  website: optional(linkSchema.pipe(z.string().max(200, '网址最多 200 个字符'))),
  wechat: text(50, '微信号'),
  provinceCode: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, '省份编码不正确'),
  ),
  cityCode: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, '城市编码不正确'),
  ),
  districtCode: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, '区县编码不正确'),
  ),
  /** GB/T 4754 code: a section letter (A-T) or a division / group / class (2-4 digits). */
  industryCode: optional(
    z
      .string()
      .trim()
      .regex(/^([A-T]|\d{2,4})$/, '行业编码不正确'),
  ),
  address: text(200, '地址'),
  remark: text(500, '备注'),
  nextFollowTime: optional(epochMs.int().nonnegative()),
};

export const clueCreateSchema = z
  .object({
    ...clueFields,
    /** Defaults to 手动录入. */
    source: optional(clueSourceSchema),
    /** 跟进人; defaults to the caller. An active member of the tenant. */
    followUserId: optional(id),
  })
  .refine((v) => v.name || v.enterpriseId, { message: M.nameRequired, path: ['name'] });
export type ClueCreate = z.output<typeof clueCreateSchema>;

/** Update replaces the typed-in fields; the follow user and status have their own calls. */
export const clueUpdateSchema = z
  .object({ id, ...clueFields, source: optional(clueSourceSchema) })
  .refine((v) => v.name || v.enterpriseId, { message: M.nameRequired, path: ['name'] });
export type ClueUpdate = z.output<typeof clueUpdateSchema>;

export const cluePageSchema = z.object({
  ...paging(CLUE_PAGE_SIZE_MAX, pageSizeMessage(CLUE_PAGE_SIZE_MAX)),
  status: z.array(clueStatusSchema).max(4).optional(),
  source: z.array(clueSourceSchema).max(CODE_GROUP_VALUES_MAX).optional(),
  followUserIds: z.array(id).max(200).optional(),
  provinceCode: optional(z.string().trim().max(12)),
  cityCode: optional(z.string().trim().max(12)),
  districtCode: optional(z.string().trim().max(12)),
  /** A section letter or a code prefix (division, group, class). */
  industry: optional(z.string().trim().max(8)),
  createTime: timeRangeOf(M.timeRange),
  nextFollowTime: timeRangeOf(M.timeRange),
  /** 今日待跟进: not converted or invalid, next follow-up before the end of today (China time). */
  dueToday: z.boolean().optional(),
  /** Name, credit code, contact name, mobile or landline. */
  keyword,
  sortField: z.enum(CLUE_SORT_FIELDS).default('createTime'),
  sortOrder,
  /** The recycle bin: deleted leads (for restore) instead of live ones. */
  deleted: z.boolean().optional(),
});
export type CluePageQuery = z.output<typeof cluePageSchema>;

export const clueViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enterpriseId: z.number().int().nullable(),
  creditCode: z.string().nullable(),
  /** 0 新线索, 1 跟进中, 2 已转化, 3 无效 */
  status: z.number().int(),
  invalidReason: z.string().nullable(),
  source: z.string(),
  followUserId: z.number().int(),
  followUserName: z.string().nullable(),
  creatorUserId: z.number().int(),
  creatorName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactMobile: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  website: z.string().nullable(),
  wechat: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  /** 省 / 市 / 区 names joined, e.g. 福建省 厦门市 思明区. */
  regionName: z.string().nullable(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  nextFollowTime: epochMs.nullable(),
  /** 今日待跟进: open and the next follow-up before the end of today, China time (server clock). */
  due: z.boolean(),
  lastFollowTime: epochMs.nullable(),
  followCount: z.number().int(),
  createTime: epochMs,
  updateTime: epochMs,
  deleteTime: epochMs.nullable(),
});
export type ClueView = z.infer<typeof clueViewSchema>;

export const clueNumSchema = z.object({
  total: z.number().int(),
  newCount: z.number().int(),
  followingCount: z.number().int(),
  convertedCount: z.number().int(),
  invalidCount: z.number().int(),
  /** 今日待跟进 (same rule as the page filter dueToday). */
  todayFollowCount: z.number().int(),
});
export type ClueNum = z.infer<typeof clueNumSchema>;

export const clueContactSchema = contactItemSchema.extend({
  type: z.enum(['mobile', 'phone', 'email', 'wechat', 'website']),
  /** clue: typed in on the lead; enterprise: the linked company's (masked unless unlocked). */
  origin: z.enum(['clue', 'enterprise']),
});
export const clueContactListSchema = z.object({
  clueId: z.number().int(),
  enterpriseId: z.number().int().nullable(),
  /** The tenant unlocked the linked company: its contacts are shown in full. */
  unlocked: z.boolean(),
  list: z.array(clueContactSchema),
});
export type ClueContactList = z.infer<typeof clueContactListSchema>;

/** nextFollowTime absent or null clears the lead's next follow-up time. */
export const followUpCreateSchema = z.object({ clueId: id, ...followUpFields(M) });
export type FollowUpCreate = z.output<typeof followUpCreateSchema>;

export const followUpViewSchema = z.object({
  id: z.number().int(),
  clueId: z.number().int(),
  ...followUpViewFields,
});
export type FollowUpView = z.infer<typeof followUpViewSchema>;

export const updateStatusSchema = z
  .object({
    ids: idList,
    status: clueStatusSchema,
    invalidReason: text(200, '无效原因'),
  })
  .refine((v) => v.status !== 3 || !!v.invalidReason, {
    message: M.invalidReasonRequired,
    path: ['invalidReason'],
  })
  // 已转化 is set only by converting the lead, which creates its customer (ADR 0110).
  .refine((v) => v.status !== 2, { message: M.convertThroughCustomer, path: ['status'] });
export type UpdateStatus = z.output<typeof updateStatusSchema>;

/** page, get, create, update, delete and restore: the CRM kit's record contracts (ADR 0196). */
export const {
  page: cluePage,
  get: getClue,
  create: createClue,
  update: updateClue,
} = recordContracts({
  entity: 'clue',
  tags,
  schemas: {
    page: cluePageSchema,
    view: clueViewSchema,
    create: clueCreateSchema,
    update: clueUpdateSchema,
  },
  summary: {
    page: '线索分页（筛选、排序；按数据权限）',
    get: '线索详情（数据权限之外为 404）',
    create: '新建线索，data 为线索编号；同一企业在本企业只能有一条未删除的线索',
    update: '修改线索（跟进人与状态另有接口）',
  },
});

export const { delete: deleteClue, restore: restoreClue } = recycleContracts({
  entity: 'clue',
  tags,
  ids: idOrIds(CLUE_BULK_MAX, M),
  summary: {
    delete: '删除线索（软删除，可恢复）：id 或 ids=1,2,3',
    restore: '恢复已删除的线索（同一企业已有未删除线索时拒绝）',
  },
});

export const getClueSourceList = defineContract({
  method: 'GET',
  path: '/szjk/clue/get-source-list',
  summary: '线索来源',
  tags,
  access: 'tenant',
  response: z.array(z.string()),
});

export const getCustomerSourceList = defineContract({
  method: 'GET',
  path: '/szjk/customer/get-source-list',
  summary: '客户来源（线索来源 + 线索转化）',
  tags: ['客户管理'],
  access: 'tenant',
  response: z.array(z.string()),
});

export const updateFollowUser = defineContract({
  method: 'PUT',
  path: '/szjk/clue/update-follow-user',
  summary: '批量分配跟进人（本企业在职成员；只能分配自己数据权限内的线索）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:update-follow-user',
  body: z.object({ ids: idList, followUserId: id }),
  response: z.boolean(),
});

export const getClueContactList = defineContract({
  method: 'GET',
  path: '/szjk/clue/get-contact-list',
  summary: '线索联系方式：线索自身的联系人 + 关联企业的联系方式（未解锁时脱敏）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:query',
  query: z.object({ id }),
  response: clueContactListSchema,
});

export const getClueNum = defineContract({
  method: 'GET',
  path: '/szjk/clue/get-clue-num',
  summary: '各状态线索数、总数与今日待跟进（按数据权限）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:query',
  expensive: true,
  response: clueNumSchema,
});

export const updateClueStatus = defineContract({
  method: 'PUT',
  path: '/szjk/clue/update-status',
  summary: '批量修改线索状态（无效需填写原因；已转化只能通过转为客户设置，之后不能再改）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:update',
  body: updateStatusSchema,
  response: z.boolean(),
});

export const createFollowUp = defineContract({
  method: 'POST',
  path: '/szjk/clue/follow-up/create',
  summary: '新增跟进记录，data 为记录编号；更新线索的最近/下次跟进时间，新线索转为跟进中',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:update',
  body: followUpCreateSchema,
  response: z.number().int(),
});

export const listFollowUps = defineContract({
  method: 'GET',
  path: '/szjk/clue/follow-up/list',
  summary: '线索的跟进记录（新的在前，分页）',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:query',
  query: z.object({ clueId: id, ...paging(CLUE_PAGE_SIZE_MAX) }),
  response: pageResponse(followUpViewSchema),
});

export const clueEnterpriseFillSchema = z.object({
  enterpriseId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  /** The most precise code the industry picker offers (中类, 大类 or 门类 letter). */
  industryCode: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** The live lead this company already has in the tenant (creating another is refused). */
  existingClue: z.object({ id: z.number().int(), name: z.string(), owner: z.string() }).nullable(),
});
export type ClueEnterpriseFill = z.infer<typeof clueEnterpriseFillSchema>;

export const getClueEnterpriseFill = defineContract({
  method: 'GET',
  path: '/szjk/clue/enterprise-fill',
  summary: '新建/编辑线索时关联企业：企业的名称、信用代码、地区、行业、地址与网址，及已有的线索',
  tags,
  access: 'tenant',
  permission: 'szjk:clue:query',
  query: z.object({ enterpriseId: id }),
  response: clueEnterpriseFillSchema,
});
