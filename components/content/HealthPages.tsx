import { cache, type ReactNode } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { getHealthTopic, listHealthTopics } from '@/lib/server/content';
import type { HealthTopicDetail } from '@/lib/shared/content/content.contract';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import {
  Breadcrumbs,
  JsonLd,
  absoluteUrl,
  breadcrumbLd,
  collectionPageLd,
  TitledSection,
} from './ContentBits';
import { NewsItemRow } from './NewsPages';
import { PolicyListItem } from './PolicyListItem';
import { contentHref, reportKindOf } from './content-format';
import { ContentDetailPage } from './DetailPage';

const HUB_TITLE = '大健康产业专题';

export const healthHubMetadata: Metadata = {
  title: { absolute: `${HUB_TITLE}${PRODUCT_SUFFIX}` },
  description:
    '大健康产业专题：生物医药、医疗器械、中医药、养老与健康服务等细分领域的行业资讯、研究报告与扶持政策。',
  alternates: { canonical: contentHref.healthHub },
};

/** /industryInsights/health: the health-sector topics. */
export async function HealthHubPage() {
  const topics = await listHealthTopics();
  const crumbs = [
    { label: '首页', href: '/' },
    { label: '行业资讯', href: contentHref.newsList },
    { label: HUB_TITLE },
  ];
  return (
    <>
      <PublicHeader />
      <JsonLd
        data={[
          breadcrumbLd(crumbs),
          collectionPageLd(
            HUB_TITLE,
            contentHref.healthHub,
            topics.map((t) => ({
              '@type': 'CollectionPage',
              name: t.name,
              url: absoluteUrl(contentHref.healthTopic(t.slug)),
            })),
          ),
        ]}
      />
      <main className="ent-page">
        <Breadcrumbs items={crumbs} />
        <section className="ent-card" aria-labelledby="ct-hub-title">
          <h1 id="ct-hub-title" className="ct-title">
            {HUB_TITLE}
          </h1>
          <p className="ent-muted">按细分领域汇集行业资讯、研究报告和相关扶持政策。</p>
          <ul className="ct-topics" data-testid="health-topics">
            {topics.map((t) => (
              <li key={t.slug}>
                <a className="ct-topic-card" href={contentHref.healthTopic(t.slug)}>
                  <h2>{t.name}</h2>
                  <p className="ct-item-summary">{t.description}</p>
                  <p className="ent-muted">
                    资讯 {t.newsCount} 条 · 报告 {t.reportCount} 篇
                  </p>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}

const loadTopic = cache(async (slug: string) => getHealthTopic(slug));

export async function healthTopicMetadata(slug: string): Promise<Metadata> {
  const t = await loadTopic(slug);
  if (!t) return { title: '专题不存在', robots: { index: false } };
  return {
    title: { absolute: `${t.name} - ${HUB_TITLE}${PRODUCT_SUFFIX}` },
    description: t.description,
    alternates: { canonical: contentHref.healthTopic(t.slug) },
  };
}

function topicLd(t: HealthTopicDetail): Record<string, unknown> {
  return {
    '@type': 'CollectionPage',
    name: t.name,
    description: t.description,
    url: absoluteUrl(contentHref.healthTopic(t.slug)),
    keywords: t.tags.join(','),
    hasPart: t.news.slice(0, 10).map((n) => ({
      '@type': 'NewsArticle',
      headline: n.title,
      datePublished: n.publishDate,
      url: absoluteUrl(contentHref.news(n.id)),
    })),
  };
}

/** A topic's items as a list, or a note when there are none. */
function ItemList<T>({
  items,
  className,
  empty,
  render,
}: {
  items: T[];
  className: string;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  return items.length ? (
    <ul className={className}>{items.map(render)}</ul>
  ) : (
    <p className="ent-muted">{empty}</p>
  );
}

/** /industryInsights/health/{topic}: one topic's news, reports and policies. */
export async function HealthTopicPage({ slug }: { slug: string }) {
  const t = await loadTopic(slug);
  if (!t) notFound();
  const crumbs = [
    { label: '首页', href: '/' },
    { label: HUB_TITLE, href: contentHref.healthHub },
    { label: t.name },
  ];
  const demo = t.news.some((n) => n.demo) || t.reports.some((r) => r.demo);
  return (
    <ContentDetailPage ld={topicLd(t)} crumbs={crumbs} demo={demo} compareDock>
      <section className="ent-card" aria-labelledby="ct-topic-title">
        <h1 id="ct-topic-title" className="ct-title" data-testid="topic-title">
          {t.name}
        </h1>
        <p className="ct-item-summary">{t.description}</p>
        {t.tags.length ? (
          <p className="ent-tags">
            {t.tags.map((tag) => (
              <span key={tag} className="ptag">
                {tag}
              </span>
            ))}
          </p>
        ) : null}
        <nav className="ct-toc" aria-label="本页目录">
          <a href="#news">行业资讯</a>
          <a href="#reports">研究报告</a>
          <a href="#policies">相关政策</a>
        </nav>
      </section>
      <TitledSection name="news" title="行业资讯" anchor className="ent-card">
        <ItemList
          items={t.news}
          className="ct-list"
          empty="暂无资讯。"
          render={(n) => <NewsItemRow key={n.id} n={n} />}
        />
      </TitledSection>
      <TitledSection name="reports" title="研究报告" anchor className="ent-card">
        <ItemList
          items={t.reports}
          className="ct-links"
          empty="暂无报告。"
          render={(r) => (
            <li key={r.id}>
              <a href={contentHref.report(reportKindOf(r), r.id)}>{r.title}</a>{' '}
              <span className="ent-muted">
                {r.institution} · {r.publishDate}
              </span>
            </li>
          )}
        />
      </TitledSection>
      <TitledSection name="policies" title="相关政策" anchor className="ent-card">
        <ItemList
          items={t.policies}
          className="ct-list"
          empty="暂无政策。"
          render={(p) => <PolicyListItem key={p.id} policy={p} />}
        />
      </TitledSection>
    </ContentDetailPage>
  );
}
