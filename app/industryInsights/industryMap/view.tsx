import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { RegionCountsPanel } from '@/components/map/RegionCountsPanel';
import {
  BarTable,
  IndustryPicker,
  LeaderTable,
  yearRows,
} from '@/components/industry/IndustryFigures';
import { Breadcrumbs, JsonLd, absoluteUrl, breadcrumbLd } from '@/components/content/ContentBits';
import { getIndustryMapStats } from '@/lib/server/content';
import { getRegion, regionPath } from '@/lib/shared/geo';
import {
  INDUSTRY_MAP_PATH,
  industryMapHref,
  industryMapPlace,
  industryMapSearchHref,
  parseIndustryMapParams,
  subjectName,
} from '@/lib/shared/industry/industry-map';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';
import '@/components/search/search.css';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_TITLE = '产业地图';

const queryOf = cache(async (searchParams: SearchParams) =>
  parseIndustryMapParams(await searchParams),
);

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const query = await queryOf(searchParams);
  if (!query) return { title: '产业不存在', robots: { index: false } };
  const name = subjectName(query.subject);
  const place = industryMapPlace(query.region);
  return {
    title: {
      absolute: `${place}${name}${PAGE_TITLE} - 企业分布、新增企业与龙头企业${PRODUCT_SUFFIX}`,
    },
    description: `${place}${name}企业的地区分布地图：各省、市、区县企业数量，近年新增企业、注册资本分布与龙头企业。`,
    // One canonical page per industry; its regional drill-downs point at it.
    alternates: { canonical: industryMapHref(query.subject.key) },
  };
}

/**
 * 产业地图 (spec 2.1, issue 31 item 1): pick an industry or a chain and see its companies on the
 * China map with drill-down, new companies per year, the capital spread and the leading companies
 * — every figure also an HTML table, so the page reads without JavaScript.
 */
export async function IndustryMapView({
  searchParams,
  chrome,
}: {
  searchParams: SearchParams;
  chrome: Chrome;
}) {
  const query = await queryOf(searchParams);
  if (!query) notFound();
  const stats = await getIndustryMapStats(query);
  const name = subjectName(query.subject);
  const place = industryMapPlace(query.region);
  const key = query.subject.key;
  const trail = [
    { code: '', name: '全国', href: industryMapHref(key) },
    ...regionPath(query.region).map((r) => ({
      code: r.code,
      name: r.name,
      href: industryMapHref(key, r.code),
    })),
  ];
  const crumbs = [
    { label: '首页', href: '/' },
    { label: PAGE_TITLE, href: INDUSTRY_MAP_PATH },
    { label: name },
  ];
  const page = (
    <>
      <JsonLd
        data={[
          breadcrumbLd(crumbs),
          {
            '@type': 'Dataset',
            name: `${place}${name}企业分布`,
            description: `${place}${name}企业在各地区的数量、按成立年份的新增企业、注册资本分布与龙头企业。`,
            url: absoluteUrl(industryMapHref(key, query.region)),
            spatialCoverage: place,
            variableMeasured: '企业数',
            dateModified: stats.refreshedAt,
          },
        ]}
      />
      <main className="ent-page imap-page">
        <Breadcrumbs items={crumbs} />
        <h1 className="mgc-title">
          {place}
          {name}
          {PAGE_TITLE}
        </h1>
        <p className="ent-muted imap-lead">
          共 <strong>{stats.total.toLocaleString('zh-CN')}</strong> 家企业 ·{' '}
          <a href={industryMapSearchHref(query)}>在企业查询中查看全部</a>
          {query.subject.kind === 'chain' ? (
            <>
              {' · '}
              <a href={`/industryInsights/industryTP/${query.subject.key}`}>产业链图谱</a>
            </>
          ) : null}
        </p>
        <IndustryPicker subject={query.subject} hrefOf={(k) => industryMapHref(k, query.region)} />
        <RegionCountsPanel
          place={place}
          regionCode={query.region}
          regions={stats.regions}
          trail={trail}
          // The industry map goes down to cities; a city's districts are listed only.
          hrefOf={(code) =>
            (getRegion(code)?.level ?? 3) <= 2 ? industryMapHref(key, code) : null
          }
          label={`${name}企业分布`}
        />
        <div className="imap-grid">
          <section className="ent-card" aria-labelledby="imap-years">
            <h2 id="imap-years" className="mgc-h2">
              新增企业（按成立年份）
            </h2>
            <BarTable
              caption={`${place}${name}按成立年份的企业数`}
              head="成立年份"
              rows={yearRows(stats)}
            />
          </section>
          <section className="ent-card" aria-labelledby="imap-capital">
            <h2 id="imap-capital" className="mgc-h2">
              注册资本分布
            </h2>
            <BarTable
              caption={`${place}${name}按注册资本的企业数`}
              head="注册资本"
              rows={stats.capital}
            />
          </section>
        </div>
        <section className="ent-card" aria-labelledby="imap-leaders">
          <h2 id="imap-leaders" className="mgc-h2">
            龙头企业
          </h2>
          <LeaderTable leaders={stats.leaders} />
        </section>
        <p className="ent-muted imap-updated">
          数据更新于{' '}
          {new Date(stats.refreshedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}
        </p>
      </main>
    </>
  );
  return <ChromeForState chrome={chrome} member={page} />;
}
