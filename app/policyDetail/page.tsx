import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { flatParams, TitledSection } from '@/components/content/ContentBits';
import {
  ArticleHtml,
  Attachments,
  PolicyHeader,
  RelatedLinks,
  SubsidyList,
  policyLd,
} from '@/components/content/PolicyParts';
import { contentHref } from '@/components/content/content-format';
import { ContentDetailPage } from '@/components/content/DetailPage';
import { parseContentId } from '@/components/content/content-id';
import { getPolicy } from '@/lib/server/content';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache(async (id: number | null) => (id ? getPolicy(id) : null));

async function policyFor(searchParams: SearchParams) {
  return load(parseContentId(flatParams(await searchParams).id));
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const p = await policyFor(searchParams);
  if (!p) return { title: '政策不存在', robots: { index: false } };
  const canonical = contentHref.policy(p.id);
  return {
    title: { absolute: `${p.title}${PRODUCT_SUFFIX}` },
    description: p.summary,
    alternates: { canonical },
    openGraph: { title: p.title, description: p.summary, url: canonical, type: 'article' },
  };
}

export default async function PolicyDetailPage({ searchParams }: { searchParams: SearchParams }) {
  const p = await policyFor(searchParams);
  if (!p) notFound();
  const crumbs = [
    { label: '首页', href: '/' },
    { label: '政策查询', href: contentHref.policySearch },
    { label: p.title },
  ];
  return (
    <ContentDetailPage ld={policyLd(p)} crumbs={crumbs} demo={p.demo} compareDock>
      <PolicyHeader
        policy={p}
        extra={
          <a href={contentHref.policyTab(p.id)} className="ct-link-btn" rel="nofollow">
            政策分析（匹配企业）›
          </a>
        }
      />
      <section className="ent-card">
        <nav className="ct-toc" aria-label="本页目录">
          <a href="#original">政策原文</a>
          <a href="#interpretation">政策解读</a>
          <a href="#subsidies">扶持项目</a>
          {p.attachments.length > 0 ? <a href="#attachments">附件</a> : null}
          <a href="#related">相关政策</a>
        </nav>
        <TitledSection name="original" title="政策原文" anchor>
          <ArticleHtml html={p.bodyHtml} testId="policy-body" />
          {p.sourceUrl ? (
            <p className="ent-muted">
              来源：
              <a href={p.sourceUrl} rel="nofollow noopener" target="_blank">
                {p.sourceUrl}
              </a>
            </p>
          ) : null}
        </TitledSection>
        <TitledSection name="interpretation" title="政策解读" anchor>
          {p.interpretationHtml ? (
            <ArticleHtml html={p.interpretationHtml} />
          ) : (
            <p className="ent-muted">暂无解读。</p>
          )}
        </TitledSection>
        <TitledSection name="subsidies" title="扶持项目与申报" anchor>
          <SubsidyList subsidies={p.subsidies} />
        </TitledSection>
        {p.attachments.length > 0 ? (
          <TitledSection name="attachments" title="附件" anchor>
            <Attachments items={p.attachments} />
          </TitledSection>
        ) : null}
        <TitledSection name="related" title="相关政策" anchor>
          <RelatedLinks items={p.related} href={contentHref.policy} />
        </TitledSection>
      </section>
    </ContentDetailPage>
  );
}
