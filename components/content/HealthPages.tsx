import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { getHealthTopic, listHealthTopics } from '@/lib/server/content';
import type { HealthTopicDetail } from '@/lib/shared/content/content.contract';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { Breadcrumbs, JsonLd, absoluteUrl, breadcrumbLd } from './ContentBits';
import { NewsItemRow } from './NewsPages';
import { PolicyListItem } from './PolicyListItem';
import { CompareDock } from './CompareDock';
import { DemoNote } from './DemoNote';
import { contentHref, reportKindOf } from './content-format';

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
          {
            '@type': 'CollectionPage',
            name: HUB_TITLE,
            url: absoluteUrl(contentHref.healthHub),
            hasPart: topics.map((t) => ({
              '@type': 'CollectionPage',
              name: t.name,
              url: absoluteUrl(contentHref.healthTopic(t.slug)),
            })),
          },
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
    <>
      <PublicHeader />
      <JsonLd data={[topicLd(t), breadcrumbLd(crumbs)]} />
      <main className="ent-page">
        <Breadcrumbs items={crumbs} />
        <DemoNote show={demo} />
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
        <section id="news" className="ent-card" aria-labelledby="h-news">
          <h2 id="h-news" className="ct-subtitle">
            行业资讯
          </h2>
          {t.news.length ? (
            <ul className="ct-list">
              {t.news.map((n) => (
                <NewsItemRow key={n.id} n={n} />
              ))}
            </ul>
          ) : (
            <p className="ent-muted">暂无资讯。</p>
          )}
        </section>
        <section id="reports" className="ent-card" aria-labelledby="h-reports">
          <h2 id="h-reports" className="ct-subtitle">
            研究报告
          </h2>
          {t.reports.length ? (
            <ul className="ct-links">
              {t.reports.map((r) => (
                <li key={r.id}>
                  <a href={contentHref.report(reportKindOf(r), r.id)}>{r.title}</a>{' '}
                  <span className="ent-muted">
                    {r.institution} · {r.publishDate}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ent-muted">暂无报告。</p>
          )}
        </section>
        <section id="policies" className="ent-card" aria-labelledby="h-policies">
          <h2 id="h-policies" className="ct-subtitle">
            相关政策
          </h2>
          {t.policies.length ? (
            <ul className="ct-list">
              {t.policies.map((p) => (
                <PolicyListItem key={p.id} policy={p} />
              ))}
            </ul>
          ) : (
            <p className="ent-muted">暂无政策。</p>
          )}
        </section>
      </main>
      <CompareDock />
    </>
  );
}
