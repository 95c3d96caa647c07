import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { getNewsItem, searchNews } from '@/lib/server/content';
import {
  newsSearchQuerySchema,
  type NewsDetail,
  type NewsSummary,
} from '@/lib/shared/content/content.contract';
import { CONTENT_SORTS, NEWS_CATEGORIES } from '@/lib/shared/content/content.constants';
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
import { ArticleHtml, RelatedLinks } from './PolicyParts';
import { DemoNote } from './DemoNote';
import { DATE_PRESETS, DateRangeForm, SearchForm, daysAgo } from './SearchForm';
import { contentHref } from './content-format';
import { parseContentId } from './content-id';

type RawParams = Record<string, string | string[] | undefined>;
const PATH = contentHref.newsList;
const TITLE = '行业资讯';
const NEWS_PARAMS = ['q', 'category', 'industry', 'dateFrom', 'dateTo', 'sort'] as const;

const loadNews = cache(async (id: number) => getNewsItem(id));

/** ?id= makes the page one news item; without it, the list. */
function newsIdOf(raw: RawParams): number | null | undefined {
  const params = flatParams(raw);
  if (params.id === undefined) return undefined;
  return parseContentId(params.id);
}

export async function newsMetadata(raw: RawParams): Promise<Metadata> {
  const id = newsIdOf(raw);
  if (id !== undefined) {
    const n = id ? await loadNews(id) : null;
    if (!n) return { title: '资讯不存在', robots: { index: false } };
    const canonical = contentHref.news(n.id);
    return {
      title: { absolute: `${n.title}${PRODUCT_SUFFIX}` },
      description: n.summary,
      alternates: { canonical },
      openGraph: { title: n.title, description: n.summary, url: canonical, type: 'article' },
    };
  }
  const params = flatParams(raw);
  return {
    title: { absolute: `${TITLE} - 产业动态与市场观察${PRODUCT_SUFFIX}` },
    description:
      '行业资讯：政策动态、市场动态、投融资、技术进展与企业动态，按行业、类别和发布时间筛选。',
    alternates: { canonical: PATH },
    robots: Object.keys(params).length === 0 ? undefined : { index: false, follow: true },
  };
}

export function NewsItemRow({ n }: { n: NewsSummary }) {
  return (
    <li className="ct-item" data-testid="news-item">
      <h2 className="ct-item-title">
        <a href={contentHref.news(n.id)}>{n.title}</a>
      </h2>
      <p className="ent-muted">
        <span className="ptag">{n.categoryLabel}</span>
        {n.source} · <time dateTime={n.publishDate}>{n.publishDate}</time>
        {n.industryNames.length ? ` · ${n.industryNames.join('、')}` : ''}
      </p>
      {n.summary ? <p className="ct-item-summary">{n.summary}</p> : null}
    </li>
  );
}

/** /industryInsights/industryInformation: the list, or one item with ?id=. */
export async function NewsPage({ raw }: { raw: RawParams }) {
  const id = newsIdOf(raw);
  if (id !== undefined) {
    const n = id ? await loadNews(id) : null;
    if (!n) notFound();
    return <NewsArticle n={n} />;
  }
  const params = flatParams(raw);
  const query = newsSearchQuerySchema.parse(params);
  const result = await searchNews(query).catch((err: unknown) => {
    console.error('[news]', err);
    return null;
  });
  const kept: FlatParams = {};
  for (const k of NEWS_PARAMS) {
    const v = query[k];
    if (v !== undefined && v !== '' && !(k === 'sort' && v === 'relevance')) kept[k] = String(v);
  }
  const href = (change: Record<string, string | null>) => withParams(PATH, kept, change);
  const crumbs = [{ label: '首页', href: '/' }, { label: TITLE }];
  return (
    <>
      <PublicHeader />
      <JsonLd
        data={[
          breadcrumbLd(crumbs),
          { '@type': 'CollectionPage', name: TITLE, url: absoluteUrl(PATH) },
        ]}
      />
      <main className="ent-page sr-page-main">
        <Breadcrumbs items={crumbs} />
        <h1 className="sr-title">{TITLE}</h1>
        <nav className="ct-side-links" aria-label="相关栏目">
          <a href={contentHref.healthHub}>大健康专题 ›</a>
          <a href={contentHref.reports('yjbg')}>产业研究报告 ›</a>
          <a href={contentHref.policySearch}>政策查询 ›</a>
        </nav>
        <SearchForm
          action={PATH}
          params={kept}
          keep={NEWS_PARAMS}
          label="搜索行业资讯"
          placeholder="输入资讯标题或关键词"
        />
        {result === null ? (
          <section className="ent-card" role="alert">
            <DoNotStorePage />
            <p className="ent-empty">资讯暂时不可用，请稍后重试。</p>
          </section>
        ) : (
          <>
            <section className="ent-card sr-filters" aria-label="筛选条件">
              <FilterRow title="资讯类别">
                <OptionLink href={href({ category: null })} active={!query.category} label="全部" />
                {NEWS_CATEGORIES.map((c) => (
                  <OptionLink
                    key={c.value}
                    href={href({ category: c.value })}
                    active={query.category === c.value}
                    label={c.label}
                    count={result.facets.category.find((b) => b.value === c.value)?.count}
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
                <DateRangeForm action={PATH} params={kept} keep={NEWS_PARAMS} />
              </FilterRow>
            </section>
            <section className="ent-card sr-results" aria-labelledby="ct-summary">
              <div className="sr-toolbar">
                <p id="ct-summary" className="sr-summary" data-testid="result-summary">
                  共 <strong>{result.total.toLocaleString('en-US')}</strong> 条资讯
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
              <DemoNote show={result.list.some((n) => n.demo)} />
              {result.list.length > 0 ? (
                <ul className="ct-list" data-testid="news-list">
                  {result.list.map((n) => (
                    <NewsItemRow key={n.id} n={n} />
                  ))}
                </ul>
              ) : (
                <div className="ent-empty" data-testid="no-results">
                  <p>没有找到符合条件的资讯。</p>
                  <p className="ent-muted">
                    试试更短的关键词，或<a href={PATH}>清空筛选条件</a>。
                  </p>
                </div>
              )}
              <div className="sr-foot">
                <ContentPager
                  pageNo={result.pageNo}
                  pageSize={result.pageSize}
                  total={result.total}
                  href={(n) => withParams(PATH, kept, { pageNo: n })}
                />
              </div>
            </section>
          </>
        )}
      </main>
    </>
  );
}

function newsLd(n: NewsDetail): Record<string, unknown> {
  return {
    '@type': 'NewsArticle',
    headline: n.title,
    description: n.summary,
    datePublished: n.publishDate,
    url: absoluteUrl(contentHref.news(n.id)),
    mainEntityOfPage: absoluteUrl(contentHref.news(n.id)),
    author: { '@type': 'Organization', name: n.source },
    publisher: { '@type': 'Organization', name: n.source },
    articleSection: n.categoryLabel,
    inLanguage: 'zh-CN',
  };
}

function NewsArticle({ n }: { n: NewsDetail }) {
  const crumbs = [{ label: '首页', href: '/' }, { label: TITLE, href: PATH }, { label: n.title }];
  return (
    <>
      <PublicHeader />
      <JsonLd data={[newsLd(n), breadcrumbLd(crumbs)]} />
      <main className="ent-page">
        <Breadcrumbs items={crumbs} />
        <DemoNote show={n.demo} />
        <article className="ent-card" aria-labelledby="ct-news-title">
          <h1 id="ct-news-title" className="ct-title" data-testid="news-title">
            {n.title}
          </h1>
          <p className="ct-meta">
            <span className="ptag">{n.categoryLabel}</span>
            <span>来源：{n.source}</span>
            <time dateTime={n.publishDate}>{n.publishDate}</time>
            {n.industryNames.length ? <span>{n.industryNames.join('、')}</span> : null}
          </p>
          <ArticleHtml html={n.bodyHtml} testId="news-body" />
          {n.sourceUrl ? (
            <p className="ent-muted">
              原文链接：
              <a href={n.sourceUrl} rel="nofollow noopener" target="_blank">
                {n.sourceUrl}
              </a>
            </p>
          ) : null}
        </article>
        <section className="ent-card" aria-labelledby="h-related">
          <h2 id="h-related" className="ct-subtitle">
            相关资讯
          </h2>
          <RelatedLinks items={n.related} href={contentHref.news} />
        </section>
      </main>
    </>
  );
}
