import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { RegionCountsPanel } from '@/components/map/RegionCountsPanel';
import { Breadcrumbs, JsonLd, absoluteUrl, breadcrumbLd } from '@/components/content/ContentBits';
import { getIndustryMapStats } from '@/lib/server/content';
import { regionPath } from '@/lib/shared/geo';
import {
  getIndustryChildren,
  getSections,
  INDUSTRY_CHAINS,
  industryPath,
} from '@/lib/shared/industry';
import {
  INDUSTRY_MAP_PATH,
  industryMapHref,
  industryMapPlace,
  industryMapSearchHref,
  parseIndustryMapParams,
  subjectName,
  type IndustryMapQuery,
} from '@/lib/shared/industry/industry-map';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';
import '@/components/search/search.css';
import '@/components/industry/industry-map.css';

export const dynamic = 'force-dynamic';

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

function wan(n: number | null): string {
  if (n === null) return '-';
  return `${n.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}万`;
}

/** A row of figures with a bar whose length is the figure's share of the largest. */
function BarTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { key: string; label: string; count: number }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <table className="imap-bars">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">企业数</th>
          <th scope="col">占比</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>
              <span className="imap-bar" style={{ width: `${(r.count / max) * 100}%` }} />
              <span className="imap-num">{r.count.toLocaleString('zh-CN')}</span>
            </td>
            <td>{total ? `${((r.count / total) * 100).toFixed(1)}%` : '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sections, then the chosen section's divisions and the chosen division's groups; chains. */
function SubjectPicker({ query }: { query: IndustryMapQuery }) {
  const s = query.subject;
  const chosen = s.kind === 'industry' ? s.industry.code : '';
  // Section → division → group of the chosen industry.
  const [sectionCode = '', division = ''] = industryPath(chosen).map((x) => x.code);
  const link = (key: string, label: string, active: boolean) => (
    <a
      key={key}
      href={industryMapHref(key, query.region)}
      className={active ? 'sr-opt is-active' : 'sr-opt'}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </a>
  );
  return (
    <section className="ent-card sr-filters imap-picker" aria-label="选择产业">
      <div className="sr-frow">
        <span className="sr-flabel">行业门类</span>
        <div className="sr-fopts">
          {getSections().map((x) => link(x.code, x.name, x.code === sectionCode))}
        </div>
      </div>
      {sectionCode ? (
        <div className="sr-frow">
          <span className="sr-flabel">行业大类</span>
          <div className="sr-fopts">
            {getIndustryChildren(sectionCode).map((x) => link(x.code, x.name, x.code === division))}
          </div>
        </div>
      ) : null}
      {division ? (
        <div className="sr-frow">
          <span className="sr-flabel">行业中类</span>
          <div className="sr-fopts">
            {getIndustryChildren(division).map((x) => link(x.code, x.name, x.code === chosen))}
          </div>
        </div>
      ) : null}
      <div className="sr-frow">
        <span className="sr-flabel">产业链</span>
        <div className="sr-fopts">
          {INDUSTRY_CHAINS.map((c) => link(c.code, c.name, s.kind === 'chain' && s.key === c.code))}
        </div>
      </div>
    </section>
  );
}

/**
 * 产业地图 (spec 2.1, issue 31 item 1): pick an industry or a chain and see its companies on the
 * China map with drill-down, new companies per year, the capital spread and the leading companies
 * — every figure also an HTML table, so the page reads without JavaScript.
 */
export default async function IndustryMapPage({ searchParams }: { searchParams: SearchParams }) {
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
  const years = stats.years.map((y) => ({
    key: String(y.year ?? 'earlier'),
    label: y.year === null ? '更早' : `${y.year}年`,
    count: y.count,
  }));
  return (
    <>
      <PublicHeader />
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
        <SubjectPicker query={query} />
        <RegionCountsPanel
          place={place}
          regionCode={query.region}
          regions={stats.regions}
          trail={trail}
          hrefOf={(code) => industryMapHref(key, code)}
          label={`${name}企业分布`}
        />
        <div className="imap-grid">
          <section className="ent-card" aria-labelledby="imap-years">
            <h2 id="imap-years" className="mgc-h2">
              新增企业（按成立年份）
            </h2>
            <BarTable caption={`${place}${name}按成立年份的企业数`} head="成立年份" rows={years} />
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
          {stats.leaders.length === 0 ? (
            <p className="mgc-empty">该地区暂无此产业的企业。</p>
          ) : (
            <table className="mgc-table">
              <thead>
                <tr>
                  <th scope="col">企业名称</th>
                  <th scope="col">地区</th>
                  <th scope="col">注册资本</th>
                  <th scope="col">成立日期</th>
                </tr>
              </thead>
              <tbody>
                {stats.leaders.map((c) => (
                  <tr key={c.id}>
                    <td data-label="企业名称">
                      <a href={companyCanonicalPath(c.uncid)}>{c.name}</a>
                    </td>
                    <td data-label="地区">{c.region || '-'}</td>
                    <td data-label="注册资本">{wan(c.regCapital)}</td>
                    <td data-label="成立日期">{c.establishDate ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <p className="ent-muted imap-updated">
          数据更新于{' '}
          {new Date(stats.refreshedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}
        </p>
      </main>
    </>
  );
}
