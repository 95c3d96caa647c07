import type { ReportKind } from './content.constants';

/**
 * Canonical public URLs of content pages (links, <link rel=canonical>, sitemaps). Query-string ids
 * follow the original site's routes (spec 2.1).
 */
export function policyDetailPath(id: number): string {
  return `/policyDetail?id=${id}`;
}

/** The signed-in policy page with its tabs (原文, 解读, 申报条件, 匹配企业). */
export function policyAnalysisPath(id: number, activeKey?: string): string {
  return `/policy-analysis/policy-inquiry/policy-details/${id}${activeKey ? `/${encodeURIComponent(activeKey)}` : ''}`;
}

export function subsidyDetailPath(id: number): string {
  return `/views_lianke/subsidyDetail?id=${id}`;
}

export function reportListPath(kind: ReportKind): string {
  return `/zxyb/${kind}`;
}

export function reportDetailPath(kind: ReportKind, id: number): string {
  return `/zxyb/${kind}/reportDetail?id=${id}`;
}

export function newsDetailPath(id: number): string {
  return `/industryInsights/industryInformation?id=${id}`;
}

export function healthTopicPath(slug: string): string {
  return `/industryInsights/health/${slug}`;
}
