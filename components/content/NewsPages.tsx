import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getNewsItem, searchNews } from '@/lib/server/content';
import {
  newsSearchQuerySchema,
  type NewsDetail,
  type NewsSummary,
} from '@/lib/shared/content/content.contract';
import { NEWS_CATEGORIES } from '@/lib/shared/content/content.constants';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { absoluteUrl, flatParams, TitledSection } from './ContentBits';
import { ContentListPage, FilterRows, keptParams } from './ListPage';
import { ArticleHtml, RelatedLinks } from './PolicyParts';
import { contentHref } from './content-format';
import { parseContentId } from './content-id';
import { ContentDetailPage } from './DetailPage';

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
  const kept = keptParams(query, NEWS_PARAMS);
  return (
    <ContentListPage
      path={PATH}
      title={TITLE}
      heading={TITLE}
      ldType="CollectionPage"
      related={
        <>
          <a href={contentHref.healthHub}>大健康专题 ›</a>
          <a href={contentHref.reports('yjbg')}>产业研究报告 ›</a>
          <a href={contentHref.policySearch}>政策查询 ›</a>
        </>
      }
      search={{ label: '搜索行业资讯', placeholder: '输入资讯标题或关键词' }}
      kept={kept}
      keep={NEWS_PARAMS}
      query={query}
      result={result}
      unavailable="资讯暂时不可用，请稍后重试。"
      filters={(r, href) => (
        <FilterRows
          query={query}
          href={href}
          approx={r.facetsEstimated}
          specs={[
            {
              title: '资讯类别',
              name: 'category',
              options: NEWS_CATEGORIES,
              buckets: r.facets.category,
            },
            { title: '所属行业', name: 'industry', buckets: r.facets.industry },
          ]}
        />
      )}
      summary={['共', '条资讯']}
      listTestId="news-list"
      renderItem={(n) => <NewsItemRow key={n.id} n={n} />}
      noun="资讯"
    />
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
    <ContentDetailPage ld={newsLd(n)} crumbs={crumbs} demo={n.demo}>
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
      <TitledSection name="related" title="相关资讯" className="ent-card">
        <RelatedLinks items={n.related} href={contentHref.news} />
      </TitledSection>
    </ContentDetailPage>
  );
}
