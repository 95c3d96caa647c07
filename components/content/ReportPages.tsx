import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getReport, searchReports } from '@/lib/server/content';
import { reportSearchQuerySchema } from '@/lib/shared/content/content.contract';
import type { ReportDetail } from '@/lib/shared/content/content.contract';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { absoluteUrl, flatParams, MetaItem, TitledSection } from './ContentBits';
import { ContentListPage, FilterRows, keptParams, queryHeading } from './ListPage';
import { ArticleHtml, Attachments, RelatedLinks } from './PolicyParts';
import { ReportCharts } from './ReportCharts';
import { contentHref } from './content-format';
import { parseContentId } from './content-id';
import { ContentDetailPage } from './DetailPage';

export type ReportKindPath = 'yjbg' | 'cyzx';
type RawParams = Record<string, string | string[] | undefined>;

/** Spec 2.2: the industry-reports list has a fixed title. */
export const REPORT_LIST_TITLES: Record<ReportKindPath, string> = {
  yjbg: '产业研究报告',
  cyzx: '产业资讯',
};
const DESCRIPTIONS: Record<ReportKindPath, string> = {
  yjbg: '产业研究报告：按产业链、行业和发布时间查找研究机构发布的行业深度报告、市场规模与竞争格局分析。',
  cyzx: '产业资讯：产业链动态简报、区域产业发展观察与重点行业数据速览，按产业链、行业和时间筛选。',
};
const REPORT_PARAMS = ['q', 'chain', 'industry', 'dateFrom', 'dateTo', 'sort'] as const;

export function reportListMetadata(kind: ReportKindPath, raw: RawParams): Metadata {
  const params = flatParams(raw);
  const title = REPORT_LIST_TITLES[kind];
  const q = reportSearchQuerySchema.parse({ ...params, kind }).q;
  return {
    title: { absolute: `${q ? `${q} - ` : ''}${title}${PRODUCT_SUFFIX}` },
    description: DESCRIPTIONS[kind],
    alternates: { canonical: contentHref.reports(kind) },
    robots: Object.keys(params).length === 0 ? undefined : { index: false, follow: true },
  };
}

/** /zxyb/yjbg and /zxyb/cyzx: search, filters as links, paging. */
export async function ReportListPage({ kind, raw }: { kind: ReportKindPath; raw: RawParams }) {
  const params = flatParams(raw);
  const query = reportSearchQuerySchema.parse({ ...params, kind });
  const result = await searchReports(query).catch((err: unknown) => {
    console.error('[reports]', err);
    return null;
  });
  const path = contentHref.reports(kind);
  const kept = keptParams(query, REPORT_PARAMS);
  const title = REPORT_LIST_TITLES[kind];
  const other: ReportKindPath = kind === 'yjbg' ? 'cyzx' : 'yjbg';
  return (
    <ContentListPage
      path={path}
      title={title}
      heading={queryHeading(query.q, title, ['”的', title])}
      ldType="CollectionPage"
      related={
        <>
          <a href={contentHref.reports(other)}>{REPORT_LIST_TITLES[other]} ›</a>
          <a href={contentHref.newsList}>行业资讯 ›</a>
          <a href={contentHref.healthHub}>大健康专题 ›</a>
        </>
      }
      search={{ label: `搜索${title}`, placeholder: '输入报告标题、机构或关键词，如“新能源”' }}
      kept={kept}
      keep={REPORT_PARAMS}
      query={query}
      result={result}
      unavailable="报告搜索暂时不可用，请稍后重试。"
      filters={(res, href) => (
        <FilterRows
          query={query}
          href={href}
          approx={res.facetsEstimated}
          specs={[
            { title: '产业链', name: 'chain', buckets: res.facets.chain },
            { title: '所属行业', name: 'industry', buckets: res.facets.industry },
          ]}
        />
      )}
      summary={['共', '篇']}
      listTestId="report-list"
      renderItem={(r) => (
        <li key={r.id} className="ct-item" data-testid="report-item">
          <h2 className="ct-item-title">
            <a href={contentHref.report(kind, r.id)}>{r.title}</a>
          </h2>
          <p className="ent-muted">
            {r.institution} · <time dateTime={r.publishDate}>{r.publishDate}</time>
            {r.chainName ? ` · ${r.chainName}` : ''}
            {r.pages ? ` · ${r.pages} 页` : ''}
          </p>
          {r.summary ? <p className="ct-item-summary">{r.summary}</p> : null}
        </li>
      )}
      noun="内容"
      compareDock
    />
  );
}

const loadReport = cache(async (id: number | null) => (id ? getReport(id) : null));

function reportFor(raw: RawParams) {
  return loadReport(parseContentId(flatParams(raw).id));
}

export async function reportDetailMetadata(raw: RawParams): Promise<Metadata> {
  const r = await reportFor(raw);
  if (!r) return { title: '报告不存在', robots: { index: false } };
  const canonical = contentHref.report(r.kind, r.id);
  return {
    title: { absolute: `${r.title}${PRODUCT_SUFFIX}` },
    description: r.summary,
    alternates: { canonical },
    openGraph: { title: r.title, description: r.summary, url: canonical, type: 'article' },
  };
}

function reportLd(r: ReportDetail): Record<string, unknown> {
  return {
    '@type': 'Report',
    name: r.title,
    headline: r.title,
    description: r.summary,
    url: absoluteUrl(contentHref.report(r.kind, r.id)),
    datePublished: r.publishDate,
    author: { '@type': 'Organization', name: r.institution },
    publisher: { '@type': 'Organization', name: r.institution },
    about: r.chainName || r.industryNames.join('、') || undefined,
    inLanguage: 'zh-CN',
  };
}

/** /zxyb/{kind}/reportDetail?id: the report's text and data tables in the HTML, charts as islands. */
export async function ReportDetailPage({ kind, raw }: { kind: ReportKindPath; raw: RawParams }) {
  const r = await reportFor(raw);
  if (!r) notFound();
  // A report listed under the other kind lives at its own address.
  if (r.kind !== kind) permanentRedirect(contentHref.report(r.kind, r.id));
  const listTitle = REPORT_LIST_TITLES[kind];
  const href = contentHref.report(kind, r.id);
  const crumbs = [
    { label: '首页', href: '/' },
    { label: listTitle, href: contentHref.reports(kind) },
    { label: r.title },
  ];
  return (
    <ContentDetailPage ld={reportLd(r)} crumbs={crumbs} demo={r.demo} compareDock>
      <article className="ent-card" aria-labelledby="ct-report-title">
        <h1 id="ct-report-title" className="ct-title" data-testid="report-title">
          {r.title}
        </h1>
        <dl className="ct-meta">
          <MetaItem label="发布机构">{r.institution}</MetaItem>
          <MetaItem label="发布日期">
            <time dateTime={r.publishDate}>{r.publishDate}</time>
          </MetaItem>
          {r.chainName ? <MetaItem label="产业链">{r.chainName}</MetaItem> : null}
          {r.industryNames.length ? (
            <MetaItem label="所属行业">{r.industryNames.join('、')}</MetaItem>
          ) : null}
          {r.pages ? <MetaItem label="页数">{r.pages} 页</MetaItem> : null}
        </dl>
        {r.summary ? (
          <TitledSection name="summary" title="报告摘要">
            <p className="ct-article">{r.summary}</p>
          </TitledSection>
        ) : null}
        <ReportCharts reportId={r.id} reportTitle={r.title} href={href} charts={r.charts} />
        <TitledSection name="body" title="报告正文">
          <ArticleHtml html={r.bodyHtml} testId="report-body" />
        </TitledSection>
        {r.attachments.length > 0 ? (
          <TitledSection name="files" title="附件">
            <Attachments items={r.attachments} />
          </TitledSection>
        ) : null}
      </article>
      <TitledSection name="related" title="相关报告" className="ent-card">
        <RelatedLinks items={r.related} href={(id) => contentHref.report(kind, id)} />
      </TitledSection>
    </ContentDetailPage>
  );
}

type RouteProps = { searchParams: Promise<RawParams> };

/** What the route files /zxyb/{kind} (list) and /zxyb/{kind}/reportDetail export. */
export function reportRoutes(kind: ReportKindPath) {
  return {
    listMetadata: async ({ searchParams }: RouteProps): Promise<Metadata> =>
      reportListMetadata(kind, await searchParams),
    List: async function ReportListRoute({ searchParams }: RouteProps) {
      return <ReportListPage kind={kind} raw={await searchParams} />;
    },
    detailMetadata: async ({ searchParams }: RouteProps): Promise<Metadata> =>
      reportDetailMetadata(await searchParams),
    Detail: async function ReportDetailRoute({ searchParams }: RouteProps) {
      return <ReportDetailPage kind={kind} raw={await searchParams} />;
    },
  };
}
