import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';
import { chainCodeSchema, chainGraphSchema, chainSummarySchema } from './chain-graph';
import {
  ALBUM_KINDS,
  albumSchema,
  listFilterSchema,
  listPageQuerySchema,
  listPageSchema,
  listSlugSchema,
  listSummarySchema,
} from './lists';
import { merchantsPageSchema, merchantsQuerySchema } from './merchants';

/*
 * Industry insights (issue 31): authoritative lists and their albums (item 5), industry chains and
 * the atlas (item 2). Unknown lists, albums and chains answer 404 (访问资源不存在).
 */

const listTags = ['权威榜单'];

export const industryListIndex = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-list/list',
  summary: '权威榜单列表（全部榜单及其企业数）',
  tags: listTags,
  access: 'public',
  response: z.object({ lists: z.array(listSummarySchema) }),
});

export const industryListPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-list/page',
  summary: '榜单企业（按名次分页，可按省份、行业门类筛选；可查看的深度为版本上限，未登录同免费版）',
  tags: listTags,
  access: 'public',
  expensive: true,
  query: listPageQuerySchema,
  response: listPageSchema,
});

export const industryListExport = defineContract({
  method: 'POST',
  path: '/shuzhituoke/industry-list/export',
  summary: '导出榜单企业为 Excel（按名次取前 N 条，N 为版本的导出上限；联系方式未解锁打码）',
  tags: listTags,
  access: 'tenant',
  permission: 'szjk:enterprise:export',
  write: false,
  expensive: true,
  body: listFilterSchema,
  responseKind: 'file',
  fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  response: z.unknown(),
});

export const industryAlbumGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-album/get',
  summary: '榜单专辑 / 企业拓展专辑（专辑包含的榜单）',
  tags: listTags,
  access: 'tenant',
  query: z.object({ kind: z.enum(ALBUM_KINDS), slug: listSlugSchema }),
  response: albumSchema,
});

const chainTags = ['产业链'];

export const industryChainList = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-chain/list',
  summary: '产业图谱：全部产业链（可按产业链或环节名称搜索），含企业数',
  tags: chainTags,
  access: 'tenant',
  query: z.object({
    keyword: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' ? v.trim().slice(0, 20) : '')),
  }),
  response: z.object({ chains: z.array(chainSummarySchema) }),
});

export const industryChainGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-chain/get',
  summary: '产业链图谱：上中下游环节及各环节企业数、龙头企业、地区分布',
  tags: chainTags,
  access: 'tenant',
  query: z.object({ code: chainCodeSchema }),
  response: chainGraphSchema,
});

export const industryMerchantsPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/industry-merchants/page',
  summary:
    '产业招商：目标地区（省、市）与行业（门类/大类/中类或产业链）下最可能前来扩张的企业，按得分排序并给出理由（异地设立分支、融资、增资、员工增长、产业链配套）；可查看的深度为版本上限',
  tags: ['产业招商'],
  access: 'tenant',
  expensive: true,
  query: merchantsQuerySchema,
  response: merchantsPageSchema,
});
