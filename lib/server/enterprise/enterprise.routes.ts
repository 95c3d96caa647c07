import { z } from 'zod';
import { legacyRoute, type RouteDefinition } from '../api/define-route';
import { apiError } from '../api/api-error';
import { exportEnterprises } from '../export/enterprise-export.service';
import { EXPORT_FILE_NAME, xlsxResponse } from '../export/xlsx-response';
import {
  getContactSummary,
  getTabCounts,
  requireEnterpriseRow,
  toHeader,
} from './enterprise.service';
import { addToCrm, getEnterpriseStates } from './enterprise-state.service';
import { getUnlockState, pageUnlocked, unlockEnterprise } from './unlock.service';
import { addFavorite, pageFavorites, removeFavorite } from './favorite.service';
import { enterpriseInfoRoutes } from './enterprise-info.routes';
import { relationshipMapRoutes } from './relationship-map.routes';
import { pageSchema } from './paging';
import {
  detailRefSchema,
  limitAnonymous,
  optionalText,
  requiredId,
  resolveDetailRef,
  viewerOf,
} from './route-helpers';

const tags = ['企业'];
const prefix = '/szjk/enterprise';

const entBody = z.object({ entId: requiredId });
const idList = (max: number) =>
  z
    .array(z.coerce.number().int().positive())
    .min(1, '请选择企业')
    .max(max, `单次最多 ${max} 家企业`);

/** Contact-collection (挖一挖) status of one company. */
export type WywStatus = {
  entId: number;
  /** 0 暂无联系方式, 2 已获取 (1 采集中 is reserved for batch jobs). */
  status: 0 | 1 | 2;
  statusText: string;
  unlocked: boolean;
  total: number;
  phoneCount: number;
  mobileCount: number;
  emailCount: number;
};

const szjkRoutes: RouteDefinition[] = [
  legacyRoute({
    method: 'POST',
    path: `${prefix}/get-enterprise-state`,
    summary:
      '当前用户对企业的状态：unlocked（本企业已解锁）、favorite（本人已收藏）、inCrm/clueId（已加入线索）。body {entId} 返回对象，{entIds[]} 返回数组；未登录时均为 false',
    tags,
    access: 'public',
    write: false,
    body: z
      .object({
        entId: z.coerce.number().int().positive().optional(),
        entIds: idList(200).optional(),
      })
      .refine((b) => b.entId || b.entIds, {
        message: '请提供 entId 或 entIds',
      }),
    handler: async ({ body, auth }) => {
      const viewer = viewerOf(auth);
      if (body.entIds) return getEnterpriseStates(body.entIds, viewer);
      const [state] = await getEnterpriseStates([body.entId!], viewer);
      return state;
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/get-enterprise-unlock-state`,
    summary:
      '解锁状态与本企业剩余额度；blockedCode 为解锁将返回的错误码（1004011000 额度用完 / 1004011001 版本不含解锁），null 表示可解锁',
    tags,
    access: 'tenant',
    write: false,
    body: entBody,
    handler: async ({ body, auth }) => getUnlockState(auth.tenantId, body.entId),
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/unlock-enterprise`,
    summary:
      '解锁企业联系方式：每家企业每个租户只扣一次额度（重复调用不扣费并返回联系方式）；额度不足 1004011000，版本不含解锁 1004011001',
    tags,
    access: 'tenant',
    body: entBody,
    handler: async ({ body, auth, client }) =>
      unlockEnterprise({ tenantId: auth.tenantId, userId: auth.userId, client }, body.entId),
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/get-data`,
    summary:
      '企业数据一次取全：header、contacts（未解锁打码）、counts、state（entId | pid | uncid | company_name）',
    tags,
    access: 'public',
    write: false,
    body: detailRefSchema,
    handler: async ({ body, auth, client }) => {
      await limitAnonymous(auth, client);
      const ent = await resolveDetailRef(body);
      const viewer = viewerOf(auth);
      const [contacts, counts, [state]] = await Promise.all([
        getContactSummary(ent.id, viewer),
        getTabCounts(ent.id),
        getEnterpriseStates([ent.id], viewer),
      ]);
      return { header: toHeader(ent), contacts, counts, state };
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/unlock-page`,
    summary: '本企业已解锁的企业列表（分页，keyword 按名称模糊或信用代码精确），含真实联系方式',
    tags,
    access: 'tenant',
    write: false,
    body: pageSchema.extend({ keyword: optionalText }),
    handler: async ({ body, auth }) => pageUnlocked(auth.tenantId, body),
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/to-crm`,
    summary:
      '加入线索：为本租户创建线索，同一企业只建一次（entId 或 entIds[]，source 可选，默认 企业详情）',
    tags,
    access: 'tenant',
    body: z
      .object({
        entId: z.coerce.number().int().positive().optional(),
        entIds: idList(500).optional(),
        source: z.string().trim().min(1).max(30).optional(),
      })
      .refine((b) => b.entId || b.entIds, { message: '请提供 entId 或 entIds' }),
    handler: async ({ body, auth }) => {
      const ids = body.entIds ?? [body.entId!];
      const result = await addToCrm(
        { tenantId: auth.tenantId, userId: auth.userId },
        ids,
        body.source,
      );
      if (result.items.length === 0) throw apiError('ENTERPRISE_NOT_EXISTS');
      return result;
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/get-wyw-status`,
    summary: '联系方式采集（挖一挖）状态：status 0 暂无 / 2 已获取，数量及是否已解锁（entId）',
    tags,
    access: 'tenant',
    query: z.object({ entId: requiredId }),
    handler: async ({ query, auth }): Promise<WywStatus> => {
      const ent = await requireEnterpriseRow({ id: query.entId });
      const s = await getContactSummary(ent.id, viewerOf(auth));
      return {
        entId: ent.id,
        status: s.total > 0 ? 2 : 0,
        statusText: s.total > 0 ? '已获取' : '暂无联系方式',
        unlocked: s.unlocked,
        total: s.total,
        phoneCount: s.phoneCount,
        mobileCount: s.mobileCount,
        emailCount: s.emailCount,
      };
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/wyw-contact`,
    summary:
      '企业联系方式列表：已解锁为真实号码（含联系人、职务、来源），未解锁为打码号码（entId）',
    tags,
    access: 'tenant',
    query: z.object({ entId: requiredId }),
    handler: async ({ query, auth }) => {
      const ent = await requireEnterpriseRow({ id: query.entId });
      return getContactSummary(ent.id, viewerOf(auth));
    },
  }),
  legacyRoute({
    method: 'POST',
    path: `${prefix}/export`,
    summary: `导出企业为 ${EXPORT_FILE_NAME}（entIds[]，按所选顺序）；未解锁企业的联系方式打码；条数上限为版本的导出上限（超出 1004012002）`,
    tags,
    access: 'tenant',
    write: false,
    body: z.object({ entIds: idList(10000) }),
    handler: async ({ body, auth, client }) => {
      const { buffer, rows } = await exportEnterprises(
        { tenantId: auth.tenantId, userId: auth.userId, client },
        body.entIds,
      );
      return xlsxResponse(buffer, EXPORT_FILE_NAME, { 'x-export-rows': String(rows) });
    },
  }),
];

const favoriteRoutes: RouteDefinition[] = [
  legacyRoute({
    method: 'POST',
    path: '/szjk/favorite/add',
    summary: '收藏企业（entId），重复收藏不报错',
    tags: ['收藏'],
    access: 'tenant',
    body: entBody,
    handler: async ({ body, auth }) =>
      addFavorite({ tenantId: auth.tenantId, userId: auth.userId }, body.entId),
  }),
  legacyRoute({
    method: 'POST',
    path: '/szjk/favorite/remove',
    summary: '取消收藏（entId）',
    tags: ['收藏'],
    access: 'tenant',
    body: entBody,
    handler: async ({ body, auth }) =>
      removeFavorite({ tenantId: auth.tenantId, userId: auth.userId }, body.entId),
  }),
  legacyRoute({
    method: 'GET',
    path: '/szjk/favorite/page',
    summary: '我的收藏（分页，keyword 按名称模糊或信用代码精确）',
    tags: ['收藏'],
    access: 'tenant',
    query: pageSchema.extend({ keyword: optionalText }),
    handler: async ({ query, auth }) =>
      pageFavorites({ tenantId: auth.tenantId, userId: auth.userId }, query),
  }),
];

/** Every route of the enterprise domain (detail, tabs, graphs, unlock, leads, favourites, export). */
export const enterpriseRoutes: RouteDefinition[] = [
  ...szjkRoutes,
  ...favoriteRoutes,
  ...enterpriseInfoRoutes,
  ...relationshipMapRoutes,
];
