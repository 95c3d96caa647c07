import { defineContract } from '@/lib/shared/api/contract';
import {
  financeEventPageSchema,
  financeEventQuerySchema,
  financeInstitutionQuerySchema,
  financeInstitutionSchema,
  financeProjectQuerySchema,
  financeProjectSchema,
} from './finance';

/*
 * 投融资 (issue 32 item 2, ADR 0193): open endpoints behind /finance, /details/projectionDetail and
 * /details/organizationDetail. Bad input answers 400 with the field's Chinese message; an unknown
 * company or institution answers 404 (访问资源不存在).
 */

const tags = ['投融资'];

export const financeEventPage = defineContract({
  method: 'GET',
  path: '/shuzhituoke/finance/event-page',
  summary: '融资事件（按轮次、行业门类、省份、年份筛选；按日期或金额排序；分页）',
  tags,
  access: 'public',
  expensive: true,
  query: financeEventQuerySchema,
  response: financeEventPageSchema,
});

export const financeProjectGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/finance/project',
  summary: '融资项目：被投企业及其历次融资与投资方（uncid）',
  tags,
  access: 'public',
  query: financeProjectQuerySchema,
  response: financeProjectSchema,
});

export const financeInstitutionGet = defineContract({
  method: 'GET',
  path: '/shuzhituoke/finance/institution',
  summary: '投资机构：按轮次、行业、年份的投资组合，共同投资方，投资事件分页（id）',
  tags,
  access: 'public',
  query: financeInstitutionQuerySchema,
  response: financeInstitutionSchema,
});
