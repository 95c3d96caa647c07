import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { absoluteUrl, flatParams, MetaItem, TitledSection } from '@/components/content/ContentBits';
import {
  amountRange,
  contentHref,
  statusTagClass,
  windowText,
} from '@/components/content/content-format';
import { ContentDetailPage } from '@/components/content/DetailPage';
import { Sentences } from '@/components/content/PolicyParts';
import { parseContentId } from '@/components/content/content-id';
import { getSubsidy } from '@/lib/server/content';
import type { SubsidyDetail } from '@/lib/shared/content/content.contract';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const load = cache(async (id: number | null) => (id ? getSubsidy(id) : null));

async function subsidyFor(searchParams: SearchParams) {
  return load(parseContentId(flatParams(await searchParams).id));
}

function describe(s: SubsidyDetail): string {
  const text = `${s.name}：${s.policy.issuer}发布，扶持金额${amountRange(s)}${
    windowText(s) ? `，申报时间${windowText(s)}` : ''
  }。${s.conditions.slice(0, 2).join('；')}`;
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const s = await subsidyFor(searchParams);
  if (!s) return { title: '补贴项目不存在', robots: { index: false } };
  const canonical = contentHref.subsidy(s.id);
  return {
    title: { absolute: `${s.name} - 补贴申报${PRODUCT_SUFFIX}` },
    description: describe(s),
    alternates: { canonical },
    openGraph: { title: s.name, description: describe(s), url: canonical, type: 'article' },
  };
}

const SEE_POLICY = <p className="ent-muted">详见政策原文。</p>;

export default async function SubsidyDetailPage({ searchParams }: { searchParams: SearchParams }) {
  const s = await subsidyFor(searchParams);
  if (!s) notFound();
  const p = s.policy;
  const crumbs = [
    { label: '首页', href: '/' },
    { label: '政策查询', href: contentHref.policySearch },
    { label: p.title, href: contentHref.policy(p.id) },
    { label: s.name },
  ];
  const ld = {
    '@type': 'GovernmentService',
    name: s.name,
    description: describe(s),
    url: absoluteUrl(contentHref.subsidy(s.id)),
    serviceType: '资金扶持',
    provider: { '@type': 'GovernmentOrganization', name: p.issuer },
    areaServed: { '@type': 'AdministrativeArea', name: p.regionName },
    isRelatedTo: {
      '@type': 'GovernmentService',
      name: p.title,
      url: absoluteUrl(contentHref.policy(p.id)),
    },
  };
  return (
    <ContentDetailPage ld={ld} crumbs={crumbs} demo={p.demo} compareDock>
      <section className="ent-card" aria-labelledby="ct-subsidy-title">
        <h1 id="ct-subsidy-title" className="ct-title" data-testid="subsidy-title">
          {s.name}
        </h1>
        <p className="ent-tags">
          <span className="ptag ptag-orange">{amountRange(s)}</span>
          {s.status ? <span className={statusTagClass(s.status)}>{s.statusLabel}</span> : null}
        </p>
        <dl className="ct-meta">
          <MetaItem label="所属政策">
            <a href={contentHref.policy(p.id)}>{p.title}</a>
          </MetaItem>
          <MetaItem label="发文机关">{p.issuer}</MetaItem>
          <MetaItem label="所属地区">{p.regionName}</MetaItem>
          {windowText(s) ? <MetaItem label="申报时间">{windowText(s)}</MetaItem> : null}
        </dl>
        <div className="ct-head-actions">
          <a
            href={`${contentHref.policyTab(p.id, 'enterprises')}?subsidyId=${s.id}`}
            className="ct-link-btn"
            rel="nofollow"
          >
            查看匹配企业 ›
          </a>
        </div>
      </section>
      <section className="ent-card">
        <TitledSection name="support" title="扶持内容">
          <p className="ct-article">{s.supportContent || '详见政策原文。'}</p>
        </TitledSection>
        <TitledSection name="conditions" title="申报条件">
          <Sentences items={s.conditions} testId="subsidy-conditions" empty={SEE_POLICY} />
        </TitledSection>
        <TitledSection name="materials" title="申报材料">
          <Sentences items={s.materials} empty={SEE_POLICY} />
        </TitledSection>
        {s.targetProfileText ? (
          <TitledSection name="profile" title="目标企业画像">
            <p className="ct-article">{s.targetProfileText}</p>
          </TitledSection>
        ) : null}
      </section>
    </ContentDetailPage>
  );
}
