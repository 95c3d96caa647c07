import { z } from 'zod';
import { legacyRoute, type RouteDefinition } from '../api/define-route';
import {
  getActualController,
  getEnterpriseMap,
  getEquityPenetration,
  getNextEnterpriseRing,
  getNextPersonRing,
  getRelationshipMap,
} from './enterprise-graph.service';
import { keywordRefSchema, limitAnonymous, resolveKeywordRef } from './route-helpers';

const tags = ['企业图谱'];
const prefix = '/shuzhituoke/enterprise-relationship-map';

export const relationshipMapRoutes: RouteDefinition[] = [
  legacyRoute({
    method: 'GET',
    path: `${prefix}/ent-map`,
    summary:
      '企业图谱：中心企业及法定代表人、股东、主要人员、对外投资、分支机构（keyword 名称或信用代码，或 id）',
    tags,
    access: 'public',
    query: keywordRefSchema,
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getEnterpriseMap(await resolveKeywordRef(query));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/relationship-map`,
    summary:
      '关系图谱：两层关系（关联企业的股东与投资、关联人员的同名同城市企业）（keyword 或 id）',
    tags,
    access: 'public',
    query: keywordRefSchema,
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getRelationshipMap(await resolveKeywordRef(query));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/next-ent`,
    summary: '展开企业节点：加载该企业的下一层关系（id 或 keyword）',
    tags,
    access: 'public',
    query: keywordRefSchema,
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getNextEnterpriseRing(await resolveKeywordRef(query));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/next-main-person`,
    summary:
      '展开人员节点：该人员（同名、与所在企业同城市）任职或持股的企业（personName + 所在企业 id 或 keyword）',
    tags,
    access: 'public',
    query: keywordRefSchema.and(
      z.object({ personName: z.string().trim().min(1, '请提供人员姓名').max(50) }),
    ),
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getNextPersonRing(query.personName, await resolveKeywordRef(query));
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/equity-penetration`,
    summary:
      '股权穿透树：direction=parent 向上（股东）或 children 向下（对外投资），depth 1-5 默认 3（keyword 或 id）',
    tags,
    access: 'public',
    query: keywordRefSchema.and(
      z.object({
        direction: z.enum(['parent', 'children']).default('parent'),
        depth: z.coerce.number().int().min(1).max(5).default(3),
      }),
    ),
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getEquityPenetration(await resolveKeywordRef(query), query.direction, query.depth);
    },
  }),
  legacyRoute({
    method: 'GET',
    path: `${prefix}/actual-person-map`,
    summary:
      '实际控制人：沿最大股东向上追溯至自然人，含累计持股比例、控制路径与图（keyword 或 id）',
    tags,
    access: 'public',
    query: keywordRefSchema,
    handler: async ({ query, auth, client }) => {
      await limitAnonymous(auth, client);
      return getActualController(await resolveKeywordRef(query));
    },
  }),
];
