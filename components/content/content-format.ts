import { formatTotal } from '@/lib/shared/search/total-text';
import type {
  PolicySummary,
  ReportSummary,
  SubsidySummary,
} from '@/lib/shared/content/content.contract';
import { CONTENT_COUNT_CAP } from '@/lib/shared/content/content.constants';
import type { CompareEntry, CompareField } from '@/lib/client/compare/compare-list';
import {
  healthTopicPath,
  newsDetailPath,
  policyAnalysisPath,
  policyDetailPath,
  reportDetailPath,
  reportListPath,
  subsidyDetailPath,
} from '@/lib/shared/content/urls';

/** Addresses of the knowledge pages: the canonical ones of lib/shared/content/urls.ts, by name. */
export const contentHref = {
  policySearch: '/policySearch',
  policy: policyDetailPath,
  policyTab: policyAnalysisPath,
  subsidy: subsidyDetailPath,
  reports: reportListPath,
  report: reportDetailPath,
  newsList: '/industryInsights/industryInformation',
  news: newsDetailPath,
  healthHub: '/industryInsights/health',
  healthTopic: healthTopicPath,
} as const;

/** A search's total as shown: the one wording of totals (formatTotal). */
export function totalText(total: number, capped: boolean): string {
  return formatTotal(total, capped);
}

/** How many matches the pager reaches: all of a counted total, the first CONTENT_COUNT_CAP beyond. */
export function pageableTotal(total: number, capped: boolean): number {
  return capped ? Math.min(total, CONTENT_COUNT_CAP) : total;
}

/** 12.5 万元 / 800 元 from fen; '' for null. */
export function money(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  const yuan = fen / 100;
  if (yuan >= 10_000) {
    return `${(yuan / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`;
  }
  return `${yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 元`;
}

export function amountRange(s: Pick<SubsidySummary, 'amountMinFen' | 'amountMaxFen'>): string {
  const lo = money(s.amountMinFen);
  const hi = money(s.amountMaxFen);
  if (lo && hi && lo !== hi) return `${lo} – ${hi}`;
  return hi || lo || '视评审结果而定';
}

export function windowText(s: { applyStart: string | null; applyEnd: string | null }): string {
  if (!s.applyStart && !s.applyEnd) return '';
  return `${s.applyStart ?? '即日起'} 至 ${s.applyEnd ?? '另行通知'}`;
}

/** What a policy is compared on in the comparison list. */
export function policyCompareFields(p: PolicySummary): CompareField[] {
  return [
    { label: '发文机关', value: p.issuer },
    { label: '层级', value: p.levelLabel },
    { label: '地区', value: p.regionName },
    { label: '类别', value: p.kindLabel },
    { label: '适用行业', value: p.industryNames.join('、') },
    { label: '发布日期', value: p.publishDate },
    { label: '申报时间', value: windowText(p) },
    { label: '申报状态', value: p.statusLabel },
    { label: '扶持项目', value: p.subsidyCount ? `${p.subsidyCount} 项` : '' },
    { label: '最高扶持金额', value: money(p.maxAmountFen) },
  ];
}

/** A policy as an entry of the comparison list (its 加入对比 button). */
export function policyCompareEntry(p: PolicySummary): Omit<CompareEntry, 'showYDB'> {
  return {
    kind: 'policy',
    id: String(p.id),
    title: p.title,
    href: contentHref.policy(p.id),
    fields: policyCompareFields(p),
  };
}

export function reportKindOf(r: Pick<ReportSummary, 'kind'>): 'yjbg' | 'cyzx' {
  return r.kind === 'cyzx' ? 'cyzx' : 'yjbg';
}

export function statusTagClass(status: PolicySummary['status']): string {
  if (status === 'open') return 'ptag ct-status-open';
  if (status === 'upcoming') return 'ptag ptag-gold';
  return 'ptag ct-status-closed';
}
