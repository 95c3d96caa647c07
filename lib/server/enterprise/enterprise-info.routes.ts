import { z } from 'zod';
import { legacyRoute, type AuthContext, type RouteDefinition } from '../api/define-route';
import { ApiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  getContactSummary,
  getTabCounts,
  requireEnterpriseRow,
  toHeader,
  toRegistration,
} from './enterprise.service';
import {
  getAnnualReports,
  getManageInfo,
  getRecentEvents,
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from './enterprise-tabs.service';
import { pageSchema } from './paging';
import {
  detailRefSchema,
  limitAnonymous,
  optionalId,
  optionalText,
  requiredId,
  resolveDetailRef,
  viewerOf,
} from './route-helpers';

const tags = ['企业详情'];

const entQuery = z.object({ entId: requiredId });
const tabQuery = pageSchema.extend({ entId: requiredId });
const entBody = z.object({ entId: requiredId });
const entPageBody = pageSchema.extend({ entId: requiredId });

type EnterpriseRow = Awaited<ReturnType<typeof requireEnterpriseRow>>;

/**
 * GET /shuzhituoke/enterprise-info/{tab}: public, visitors rate-limited per IP, the company must
 * exist (404 otherwise); `read` answers for it.
 */
function companyTab<QS extends z.ZodType<{ entId: number }>>(
  tab: string,
  summary: string,
  query: QS,
  read: (ent: EnterpriseRow, query: z.output<QS>, auth: AuthContext | null) => unknown,
): RouteDefinition {
  return legacyRoute({
    method: 'GET',
    path: `/shuzhituoke/enterprise-info/${tab}`,
    summary,
    tags,
    access: 'public',
    query,
    handler: async ({ query: raw, auth, client }) => {
      // The route's context types its query from a conditional type TS cannot resolve for a
      // generic schema; it is the parsed output of `query`.
      const q = raw as z.output<QS>;
      await limitAnonymous(auth, client);
      return read(await requireEnterpriseRow({ id: q.entId }), q, auth);
    },
  });
}

/** One route per tab of the company page (entId, and pageNo / pageSize where paged). */
const tabRoutes: RouteDefinition[] = [
  companyTab('registration', '工商信息：照面信息与登记信息（entId）', entQuery, (ent) =>
    toRegistration(ent),
  ),
  companyTab(
    'shareholders',
    '股东信息，按持股比例降序分页（entId, pageNo, pageSize）',
    tabQuery,
    (ent, q) => listShareholders(ent.id, q),
  ),
  companyTab(
    'people',
    '主要人员，含同名同城市关联企业数 relatedCount（entId, pageNo, pageSize）',
    tabQuery,
    (ent, q) => listPeople(ent, q),
  ),
  companyTab('changes', '变更记录，按日期降序分页（entId, pageNo, pageSize）', tabQuery, (ent, q) =>
    listChanges(ent.id, q),
  ),
  companyTab(
    'investments',
    '对外投资，按持股比例降序分页（entId, pageNo, pageSize）',
    tabQuery,
    (ent, q) => listInvestments(ent.id, q),
  ),
  companyTab('branches', '分支机构分页（entId, pageNo, pageSize）', tabQuery, (ent, q) =>
    listBranches(ent.id, q),
  ),
  companyTab(
    'financing',
    '融资信息，按日期降序分页（entId, pageNo, pageSize）',
    tabQuery,
    (ent, q) => listFinancing(ent.id, q),
  ),
  companyTab(
    'honors',
    '荣誉资质，按年份降序分页（entId, pageNo, pageSize, level 可选：国家级/省级/市级）',
    tabQuery.extend({ level: optionalText }),
    (ent, q) => listHonors(ent.id, q, { level: q.level }),
  ),
  companyTab('chains', '产业链：企业所在的产业链与环节（entId）', entQuery, (ent) =>
    listChains(ent.id),
  ),
  companyTab(
    'annual-reports',
    '企业年报：已公示年份与某一年的年报（entId, year 可选，默认最新）；联系方式未解锁时打码',
    entQuery.extend({ year: optionalId }),
    (ent, q, auth) => getAnnualReports(ent.id, viewerOf(auth), q.year),
  ),
];

export const enterpriseInfoRoutes: RouteDefinition[] = [
  legacyRoute({
    method: 'GET',
    path: '/shuzhituoke/enterprise-info/get',
    summary:
      '企业详情头部：照面信息、联系方式摘要（未解锁打码）、各标签页数量（pid | entId | uncid | company_name）',
    tags,
    access: 'public',
    query: detailRefSchema,
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await resolveDetailRef(query);
      const [contacts, counts] = await Promise.all([
        getContactSummary(ent.id, viewerOf(auth)),
        getTabCounts(ent.id),
      ]);
      return { header: toHeader(ent), contacts, counts };
    },
  }),
  ...tabRoutes,
  legacyRoute({
    method: 'POST',
    path: '/shuzhituoke/enterprise-government-honors/get-list',
    summary: '政府荣誉资质列表（entId, pageNo, pageSize, level 可选）',
    tags,
    access: 'public',
    write: false,
    body: entPageBody.extend({ level: optionalText }),
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await requireEnterpriseRow({ id: body.entId });
      return listHonors(ent.id, body, { level: body.level });
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/shuzhituoke/enterprise-info/get-info-recently',
    summary: '企业动态：最近的变更、融资、荣誉，按日期倒序（entId, limit 默认 10，最多 50）',
    tags,
    access: 'public',
    write: false,
    body: entBody.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await requireEnterpriseRow({ id: body.entId });
      return getRecentEvents(ent.id, body.limit);
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/shuzhituoke/enterprise-info/get-contact-general-info',
    summary: '联系方式概况：数量与号码（未解锁时打码，解锁后为真实号码及来源）（entId）',
    tags,
    access: 'public',
    write: false,
    body: entBody,
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await requireEnterpriseRow({ id: body.entId });
      return getContactSummary(ent.id, viewerOf(auth));
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/shuzhituoke/enterprise-industry-chain-code/get-list',
    summary: '企业所属产业链与环节（entId）',
    tags,
    access: 'public',
    write: false,
    body: entBody,
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await requireEnterpriseRow({ id: body.entId });
      return listChains(ent.id);
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/shuzhituoke/enterprise-obtaining-financing/list',
    summary: '融资信息（query id 或 body entId；body 可带 pageNo, pageSize）',
    tags,
    access: 'public',
    write: false,
    query: z.object({ id: optionalId }),
    body: pageSchema.extend({ entId: optionalId }),
    handler: async ({ query, body, auth, client }) => {
      await limitAnonymous(auth, client);
      const id = query.id ?? body.entId;
      if (!id) throw new ApiError(ERRORS.BAD_REQUEST.code, 'id: 请提供企业 id');
      const ent = await requireEnterpriseRow({ id });
      return listFinancing(ent.id, body);
    },
  }),
  legacyRoute({
    method: 'GET',
    path: '/shuzhituoke/enterprise-manage-info/get',
    summary: '经营信息：规模、参保、上市、最新年报、融资与荣誉概况、产业链（entId 或 entName）',
    tags,
    access: 'public',
    query: z
      .object({ entId: optionalId, entName: optionalText })
      .refine((q) => q.entId || q.entName, { message: '请提供 entId 或 entName' }),
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await requireEnterpriseRow({ id: query.entId, name: query.entName });
      return getManageInfo(ent, viewerOf(auth));
    },
  }),
];
