import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IndustryPicker, RegionPicker } from '@/components/industry/IndustryFigures';
import { MerchantsScreen } from '@/components/industry/MerchantsScreen';
import { regionFullName } from '@/lib/shared/geo';
import { subjectName } from '@/lib/shared/industry/industry-map';
import {
  MERCHANT_SIGNAL_LABELS,
  MERCHANTS_WINDOW_YEARS,
  merchantsHref,
  merchantsQuerySchema,
  merchantsTarget,
} from '@/lib/shared/industry/merchants';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/map/map-get-customer.css';
import '@/components/industry/industry.css';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const targetOf = cache(async (searchParams: SearchParams) =>
  merchantsTarget(merchantsQuerySchema.parse(await searchParams)),
);

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const target = await targetOf(searchParams);
  return {
    title:
      'error' in target
        ? '地区或行业不存在'
        : `${target.region.name}${subjectName(target.subject)} - 产业招商`,
    robots: { index: false, follow: false },
  };
}

/**
 * 产业招商 (spec 2.2, issue 31 item 4, ADR 0200): pick a target region and an industry, and see the
 * companies elsewhere most likely to expand there, each with the reasons of its score; select
 * them and add them to leads. An unknown region or industry is a 404.
 */
export default async function IndustryMerchantsPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const target = await targetOf(searchParams);
  if ('error' in target) notFound();
  const { region, subject } = target;
  const industry = subject.key;
  return (
    <div className="ent-page idt-page">
      <h1 className="mgc-title">产业招商</h1>
      <p className="ent-muted imc-intro">
        为目标地区寻找可能前来投资、设点的企业：近{MERCHANTS_WINDOW_YEARS}
        年在异地设立分支、获得融资、
        增加注册资本或员工增长的同行业企业，以及与本地企业处于产业链上下游的企业；每家企业列出
        得分理由（{Object.values(MERCHANT_SIGNAL_LABELS).join('、')}）。
      </p>
      <RegionPicker
        region={region.code}
        hrefOf={(code) => merchantsHref({ region: code, industry })}
      />
      <IndustryPicker
        subject={subject}
        hrefOf={(key) => merchantsHref({ region: region.code, industry: key })}
      />
      <MerchantsScreen
        key={`${region.code}|${industry}`}
        region={region.code}
        industry={industry}
        title={`可能落地${regionFullName(region.code)}的${subjectName(subject)}企业`}
      />
    </div>
  );
}
