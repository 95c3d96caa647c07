import { z } from 'zod';
import { defineContract, epochMs, pageResponse } from '@/lib/shared/api/contract';
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
import { opportunityFieldsSchema } from '@/lib/shared/opportunity/opportunity.contract';
import {
  CUSTOMER_BULK_MAX,
  CUSTOMER_CONTACTS_MAX,
  CUSTOMER_MESSAGES as M,
  CUSTOMER_PAGE_SIZE_MAX,
  CUSTOMER_SORT_FIELDS,
  CUSTOMER_TAG_LENGTH_MAX,
  CUSTOMER_TAGS_MAX,
} from './customer.constants';
import { CODE_GROUP_VALUES_MAX } from '@/lib/shared/code-group/code-group.constants';

/*
 * GET /szjk/customer/get-source-list (spec 7.5) is declared with the leads' calls:
 * `getCustomerSourceList` in lib/shared/clue/clue.contract.ts (one contract per path).
 */

const tags = ['客户管理'];

/** Codes of the tenant's 线索来源 and 客户级别 groups (ADR 0183): the server checks them. */
export const customerSourceSchema = groupCode(M.sourceInvalid);
export const customerLevelSchema = groupCode(M.levelInvalid);

/** One contact person of a customer; mobile / landline / e-mail follow spec 5 as on leads. */
export const customerContactSchema = z.object({
  name: z
    .string({ error: M.contactNameRequired })
    .trim()
    .min(1, M.contactNameRequired)
    .max(30, M.contactNameTooLong),
  mobile: contactMobile(),
  phone: contactLandline(M.landlineInvalid),
  email: contactEmail(),
  position: optional(z.string().trim().max(50, M.positionTooLong)),
});
export type CustomerContact = z.output<typeof customerContactSchema>;

/** Tags: trimmed, unique, at most 10 of at most 20 characters. */
export const customerTagsSchema = z
  .array(z.string().trim().min(1, M.tagEmpty).max(CUSTOMER_TAG_LENGTH_MAX, M.tagTooLong))
  .transform((list) => [...new Set(list)])
  .pipe(z.array(z.string()).max(CUSTOMER_TAGS_MAX, M.tooManyTags));

/** Fields of a customer the user types in (create and update). */
const customerFields = {
  name: optional(z.string().trim().min(1, M.nameRequired).max(100, M.nameTooLong)),
  /** The linked company; name and credit code default from it. One live customer per company. */
  enterpriseId: optional(id),
  creditCode: creditCode('请输入正确的统一社会信用代码'),
  level: customerLevelSchema.optional(),
  tags: customerTagsSchema.optional(),
  contacts: z.array(customerContactSchema).max(CUSTOMER_CONTACTS_MAX, M.tooManyContacts).optional(),
  address: text(200, '地址'),
  remark: text(500, '备注'),
};

export const customerCreateSchema = z
  .object({
    ...customerFields,
    /** Defaults to 手动录入. */
    source: optional(customerSourceSchema),
    /** 负责人; defaults to the caller. An active member of the tenant. */
    ownerUserId: optional(id),
  })
  .refine((v) => v.name || v.enterpriseId, { message: M.nameRequired, path: ['name'] });
export type CustomerCreate = z.output<typeof customerCreateSchema>;

/**
 * Update replaces the fields it is given (contacts and tags as whole lists; absent = unchanged);
 * the owner has its own call.
 */
export const customerUpdateSchema = z
  .object({ id, ...customerFields, source: optional(customerSourceSchema) })
  .refine((v) => v.name !== null, { message: M.nameRequired, path: ['name'] });
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;

export const customerPageSchema = z.object({
  ...paging(CUSTOMER_PAGE_SIZE_MAX, pageSizeMessage(CUSTOMER_PAGE_SIZE_MAX)),
  /** Name, credit code, or a contact's name / mobile. */
  keyword,
  source: z
    .array(customerSourceSchema)
    .max(CODE_GROUP_VALUES_MAX + 1)
    .optional(),
  level: z.array(customerLevelSchema).max(CODE_GROUP_VALUES_MAX).optional(),
  ownerUserIds: z.array(id).max(200).optional(),
  /** Customers carrying this tag. */
  tag: optional(z.string().trim().max(CUSTOMER_TAG_LENGTH_MAX)),
  createTime: timeRangeOf(M.timeRange),
  sortField: z.enum(CUSTOMER_SORT_FIELDS).default('createTime'),
  sortOrder,
  /** The recycle bin: deleted customers (for restore) instead of live ones. */
  deleted: z.boolean().optional(),
});
export type CustomerPageQuery = z.output<typeof customerPageSchema>;

export const customerContactViewSchema = z.object({
  name: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
});

export const customerViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enterpriseId: z.number().int().nullable(),
  creditCode: z.string().nullable(),
  /** A code of the tenant's 客户级别 group (defaults A / B / C). */
  level: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  contacts: z.array(customerContactViewSchema),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  ownerUserId: z.number().int(),
  ownerUserName: z.string().nullable(),
  creatorUserId: z.number().int(),
  creatorName: z.string().nullable(),
  /** The lead it was converted from. */
  fromClueId: z.number().int().nullable(),
  nextFollowTime: epochMs.nullable(),
  lastFollowTime: epochMs.nullable(),
  followCount: z.number().int(),
  createTime: epochMs,
  updateTime: epochMs,
  deleteTime: epochMs.nullable(),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/** nextFollowTime absent or null clears the customer's next follow-up time. */
export const customerFollowUpCreateSchema = z.object({ customerId: id, ...followUpFields(M) });
export type CustomerFollowUpCreate = z.output<typeof customerFollowUpCreateSchema>;

/** A follow-up of the customer, or of the lead it was converted from (clueId set, customerId null). */
export const customerFollowUpViewSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  clueId: z.number().int().nullable(),
  ...followUpViewFields,
});
export type CustomerFollowUpView = z.infer<typeof customerFollowUpViewSchema>;

export const convertFromClueSchema = z.object({
  clueId: z.coerce.number({ error: M.clueRequired }).int().positive(M.clueRequired),
  level: customerLevelSchema.optional(),
  tags: customerTagsSchema.optional(),
  /** 负责人; defaults to the lead's follow user. */
  ownerUserId: optional(id),
  /** Also create an opportunity for the new customer. */
  opportunity: opportunityFieldsSchema.nullable().optional(),
});
export type ConvertFromClue = z.output<typeof convertFromClueSchema>;

export const convertResultSchema = z.object({
  customerId: z.number().int(),
  /** The opportunity created with it (null when none was asked for, or on a repeated call). */
  opportunityId: z.number().int().nullable(),
  /** false: the lead had been converted before; customerId is that customer. */
  created: z.boolean(),
});
export type ConvertResult = z.infer<typeof convertResultSchema>;

/** page, get, create, update, delete and restore: the CRM kit's record contracts (ADR 0196). */
export const {
  page: customerPage,
  get: getCustomer,
  create: createCustomer,
  update: updateCustomer,
} = recordContracts({
  entity: 'customer',
  tags,
  schemas: {
    page: customerPageSchema,
    view: customerViewSchema,
    create: customerCreateSchema,
    update: customerUpdateSchema,
  },
  summary: {
    page: '客户分页（筛选、排序；按数据权限）',
    get: '客户详情（数据权限之外为 404）',
    create: '新建客户，data 为客户编号；同一企业在本企业只能有一个未删除的客户',
    update: '修改客户（负责人另有接口）',
  },
});

export const { delete: deleteCustomer, restore: restoreCustomer } = recycleContracts({
  entity: 'customer',
  tags,
  ids: idOrIds(CUSTOMER_BULK_MAX, M),
  summary: {
    delete: '删除客户（软删除，可恢复；有商机的客户不能删除）：id 或 ids=1,2,3',
    restore: '恢复已删除的客户（同一企业已有未删除客户时拒绝）',
  },
});

export const updateCustomerOwner = defineContract({
  method: 'PUT',
  path: '/szjk/customer/update-owner',
  summary: '批量转移负责人（本企业在职成员；只能转移自己数据权限内的客户）',
  tags,
  access: 'tenant',
  permission: 'szjk:customer:update-owner',
  body: z.object({
    ids: idListOf(CUSTOMER_BULK_MAX, M),
    ownerUserId: z.coerce.number({ error: M.ownerRequired }).int().positive(M.ownerRequired),
  }),
  response: z.boolean(),
});

export const getCustomerTagList = defineContract({
  method: 'GET',
  path: '/szjk/customer/get-tag-list',
  summary: '本企业客户已用的标签（筛选用）',
  tags,
  access: 'tenant',
  permission: 'szjk:customer:query',
  response: z.array(z.string()),
});

export const convertFromClue = defineContract({
  method: 'POST',
  path: '/szjk/customer/convert-from-clue',
  summary:
    '线索转客户（一个事务：建客户、可选建商机、线索标为已转化）；同一线索再次转化返回已有客户',
  tags,
  access: 'tenant',
  permission: 'szjk:customer:convert',
  body: convertFromClueSchema,
  response: convertResultSchema,
});

export const createCustomerFollowUp = defineContract({
  method: 'POST',
  path: '/szjk/customer/follow-up/create',
  summary: '新增客户跟进记录，data 为记录编号；更新客户的最近/下次跟进时间',
  tags,
  access: 'tenant',
  permission: 'szjk:customer:update',
  body: customerFollowUpCreateSchema,
  response: z.number().int(),
});

export const listCustomerFollowUps = defineContract({
  method: 'GET',
  path: '/szjk/customer/follow-up/list',
  summary: '客户的跟进记录，含其来源线索的跟进记录（新的在前，分页）',
  tags,
  access: 'tenant',
  permission: 'szjk:customer:query',
  query: z.object({ customerId: id, ...paging(CUSTOMER_PAGE_SIZE_MAX) }),
  response: pageResponse(customerFollowUpViewSchema),
});
