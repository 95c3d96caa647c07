import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { getReport, searchReports } from '@/lib/server/content';
import { reportSearchQuerySchema } from '@/lib/shared/content/content.contract';
import type { ReportDetail, ReportSearchQuery } from '@/lib/shared/content/content.contract';
import { CONTENT_SORTS } from '@/lib/shared/content/content.constants';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { DoNotStorePage } from '@/lib/shared/http/page-cache-hint';
import {
  Breadcrumbs,
  ContentPager,
  FilterRow,
  JsonLd,
  OptionLink,
  absoluteUrl,
  breadcrumbLd,
  flatParams,
  withParams,
  type FlatParams,
} from './ContentBits';
import { ArticleHtml, Attachments, RelatedLinks } from './PolicyParts';
import { ReportCharts } from './ReportCharts';
import { CompareDock } from './CompareDock';
import { DemoNote } from './DemoNote';
import { DATE_PRESETS, DateRangeForm, SearchForm, daysAgo } from './SearchForm';
import { contentHref } from './content-format';
import { parseContentId } from './content-id';

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

function keptParams(query: ReportSearchQuery): FlatParams {
  const kept: FlatParams = {};
  for (const k of REPORT_PARAMS) {
    const v = query[k];
    if (v !== undefined && v !== '' && !(k === 'sort' && v === 'relevance')) kept[k] = String(v);
  }
  return kept;
}

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
  const kept = keptParams(query);
  const href = (change: Record<string, string | null>) => withParams(path, kept, change);
  const title = REPORT_LIST_TITLES[kind];
  const other: ReportKindPath = kind === 'yjbg' ? 'cyzx' : 'yjbg';
  const crumbs = [{ label: '首页', href: '/' }, { label: title }];
  return (
    <>
      <PublicHeader />
      <JsonLd
        data={[
          breadcrumbLd(crumbs),
          { '@type': 'CollectionPage', name: title, url: absoluteUrl(path) },
        ]}
      />
      <main className="ent-page sr-page-main">
        <Breadcrumbs items={crumbs} />
        <h1 className="sr-title">
          {query.q ? (
            <>
              “<span>{query.q}</span>”的{title}
            </>
          ) : (
            title
          )}
        </h1>
        <nav className="ct-side-links" aria-label="相关栏目">
          <a href={contentHref.reports(other)}>{REPORT_LIST_TITLES[other]} ›</a>
          <a href={contentHref.newsList}>行业资讯 ›</a>
          <a href={contentHref.healthHub}>大健康专题 ›</a>
        </nav>
        <SearchForm
          action={path}
          params={kept}
          keep={REPORT_PARAMS}
          label={`搜索${title}`}
          placeholder="输入报告标题、机构或关键词，如“新能源”"
        />
        {result === null ? (
          <section className="ent-card" role="alert">
            <DoNotStorePage />
            <p className="ent-empty">报告搜索暂时不可用，请稍后重试。</p>
          </section>
        ) : (
          <>
            <section className="ent-card sr-filters" aria-label="筛选条件">
              <FilterRow title="产业链">
                <OptionLink href={href({ chain: null })} active={!query.chain} label="全部" />
                {result.facets.chain
                  .filter((b) => b.count > 0 || b.value === query.chain)
                  .map((b) => (
                    <OptionLink
                      key={b.value}
                      href={href({ chain: b.value })}
                      active={query.chain === b.value}
                      label={b.label}
                      count={b.count}
                    />
                  ))}
              </FilterRow>
              <FilterRow title="所属行业">
                <OptionLink href={href({ industry: null })} active={!query.industry} label="全部" />
                {result.facets.industry
                  .filter((b) => b.count > 0 || b.value === query.industry)
                  .map((b) => (
                    <OptionLink
                      key={b.value}
                      href={href({ industry: b.value })}
                      active={query.industry === b.value}
                      label={b.label}
                      count={b.count}
                    />
                  ))}
              </FilterRow>
              <FilterRow title="发布时间">
                <OptionLink
                  href={href({ dateFrom: null, dateTo: null })}
                  active={!query.dateFrom && !query.dateTo}
                  label="不限"
                />
                {DATE_PRESETS.map((p) => {
                  const from = daysAgo(p.days);
                  return (
                    <OptionLink
                      key={p.days}
                      href={href({ dateFrom: from, dateTo: null })}
                      active={query.dateFrom === from && !query.dateTo}
                      label={p.label}
                    />
                  );
                })}
                <DateRangeForm action={path} params={kept} keep={REPORT_PARAMS} />
              </FilterRow>
            </section>
            <section className="ent-card sr-results" aria-labelledby="ct-summary">
              <div className="sr-toolbar">
                <p id="ct-summary" className="sr-summary" data-testid="result-summary">
                  共 <strong>{result.total.toLocaleString('en-US')}</strong> 篇
                </p>
                <nav className="sr-sorts" aria-label="排序">
                  {CONTENT_SORTS.map((s) => (
                    <a
                      key={s.value}
                      href={href({ sort: s.value === 'relevance' ? null : s.value })}
                      rel="nofollow"
                      className={query.sort === s.value ? 'sr-opt is-active' : 'sr-opt'}
                      aria-current={query.sort === s.value ? 'true' : undefined}
                    >
                      {s.label}
                    </a>
                  ))}
                </nav>
              </div>
              <DemoNote show={result.list.some((r) => r.demo)} />
              {result.list.length > 0 ? (
                <ul className="ct-list" data-testid="report-list">
                  {result.list.map((r) => (
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
                  ))}
                </ul>
              ) : (
                <div className="ent-empty" data-testid="no-results">
                  <p>没有找到符合条件的内容。</p>
                  <p className="ent-muted">
                    试试更短的关键词，或<a href={path}>清空筛选条件</a>。
                  </p>
                </div>
              )}
              <div className="sr-foot">
                <ContentPager
                  pageNo={result.pageNo}
                  pageSize={result.pageSize}
                  total={result.total}
                  href={(n) => withParams(path, kept, { pageNo: n })}
                />
              </div>
            </section>
          </>
        )}
      </main>
      <CompareDock />
    </>
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
    <>
      <PublicHeader />
      <JsonLd data={[reportLd(r), breadcrumbLd(crumbs)]} />
      <main className="ent-page">
        <Breadcrumbs items={crumbs} />
        <DemoNote show={r.demo} />
        <article className="ent-card" aria-labelledby="ct-report-title">
          <h1 id="ct-report-title" className="ct-title" data-testid="report-title">
            {r.title}
          </h1>
          <dl className="ct-meta">
            <div>
              <dt>发布机构：</dt>
              <dd>{r.institution}</dd>
            </div>
            <div>
              <dt>发布日期：</dt>
              <dd>
                <time dateTime={r.publishDate}>{r.publishDate}</time>
              </dd>
            </div>
            {r.chainName ? (
              <div>
                <dt>产业链：</dt>
                <dd>{r.chainName}</dd>
              </div>
            ) : null}
            {r.industryNames.length ? (
              <div>
                <dt>所属行业：</dt>
                <dd>{r.industryNames.join('、')}</dd>
              </div>
            ) : null}
            {r.pages ? (
              <div>
                <dt>页数：</dt>
                <dd>{r.pages} 页</dd>
              </div>
            ) : null}
          </dl>
          {r.summary ? (
            <section className="ct-section" aria-labelledby="h-summary">
              <h2 id="h-summary" className="ct-subtitle">
                报告摘要
              </h2>
              <p className="ct-article">{r.summary}</p>
            </section>
          ) : null}
          <ReportCharts reportId={r.id} reportTitle={r.title} href={href} charts={r.charts} />
          <section className="ct-section" aria-labelledby="h-body">
            <h2 id="h-body" className="ct-subtitle">
              报告正文
            </h2>
            <ArticleHtml html={r.bodyHtml} testId="report-body" />
          </section>
          {r.attachments.length > 0 ? (
            <section className="ct-section" aria-labelledby="h-files">
              <h2 id="h-files" className="ct-subtitle">
                附件
              </h2>
              <Attachments items={r.attachments} />
            </section>
          ) : null}
        </article>
        <section className="ent-card" aria-labelledby="h-related">
          <h2 id="h-related" className="ct-subtitle">
            相关报告
          </h2>
          <RelatedLinks items={r.related} href={(id) => contentHref.report(kind, id)} />
        </section>
      </main>
      <CompareDock />
    </>
  );
}
