import type { Metadata } from 'next';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { RegionCountsPanel } from '@/components/map/RegionCountsPanel';
import { getPageViewer } from '@/lib/server/enterprise';
import { mapGetCustomerView } from '@/lib/server/search';
import { getSections } from '@/lib/shared/industry/industries';
import { CAPITAL_BANDS, ESTABLISH_BANDS } from '@/lib/shared/search/filters';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { regionName } from '@/lib/shared/geo';
import {
  MAP_GET_CUSTOMER_KEYWORD_MAX,
  MAP_GET_CUSTOMER_PATH,
  isDefaultMapGetCustomerQuery,
  mapGetCustomerHref,
  mapGetCustomerTrail,
  parseMapGetCustomerParams,
} from '@/lib/shared/map/map-get-customer';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where a member draws circles and polygons; a visitor is asked to sign in on the way. */
const SEARCH_ON_MAP = '/customer-seeking/search-on-map';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { query } = parseMapGetCustomerParams(await searchParams);
  const place = query.region ? regionName(query.region) : '全国';
  const title = query.keyword
    ? `${place}${query.keyword}企业分布 - 地图获客`
    : `${place}企业分布 - 地图获客`;
  return {
    title: { absolute: `${title}${PRODUCT_SUFFIX}` },
    description: `在地图上查看${place}${query.keyword ? `“${query.keyword}”相关` : ''}企业的地区分布：按关键词、行业、注册资本与成立年限筛选，逐级查看各省、市、区县的企业数量。`,
    alternates: { canonical: MAP_GET_CUSTOMER_PATH },
    // The default view is for search engines; the endless filtered ones are not.
    robots: isDefaultMapGetCustomerQuery(query) ? undefined : { index: false, follow: true },
  };
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { key: string; label: string }[];
}) {
  return (
    <label className="mgc-field">
      <span>{label}</span>
      <select name={name} defaultValue={value}>
        <option value="">不限</option>
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * 地图获客 for everyone (spec 2.1, issue 30 item 2): counts per region on the map and in a list,
 * and the first companies (name, region, industry; no contacts), all rendered on the server from
 * the address. The map is an island on top; a member gets the page inside the workspace (side
 * menu hidden, spec 2.2) with the way on to circles and polygons.
 */
export async function MapGetCustomerView({
  searchParams,
  chrome,
}: {
  searchParams: SearchParams;
  chrome: Chrome;
}) {
  const { query, notice } = parseMapGetCustomerParams(await searchParams);
  const [{ signedIn }, view] = await Promise.all([getPageViewer(), mapGetCustomerView(query)]);
  const place = query.region ? regionName(query.region) : '全国';
  const trail = mapGetCustomerTrail(query);
  const childHref = (code: string) => mapGetCustomerHref({ ...query, region: code });

  const page = (
    <main className="ent-page mgc-page">
      <nav aria-label="面包屑" className="ent-breadcrumb">
        {signedIn ? null : (
          <>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">首页</a> /{' '}
          </>
        )}
        <span>地图获客</span>
      </nav>
      <h1 className="mgc-title">
        {query.keyword ? (
          <>
            {place}“<span>{query.keyword}</span>”企业分布
          </>
        ) : (
          `${place}企业分布`
        )}
      </h1>

      <form className="ent-card mgc-form" method="get" action={MAP_GET_CUSTOMER_PATH} role="search">
        <label className="mgc-field mgc-keyword">
          <span>关键词</span>
          <input
            type="search"
            name="keyword"
            defaultValue={query.keyword}
            maxLength={MAP_GET_CUSTOMER_KEYWORD_MAX}
            placeholder="企业名称或经营范围，如：新能源"
          />
        </label>
        <Select
          name="industry"
          label="行业"
          value={query.industry}
          options={getSections().map((s) => ({ key: s.code, label: s.name }))}
        />
        <Select name="capital" label="注册资本" value={query.capitalBand} options={CAPITAL_BANDS} />
        <Select
          name="establish"
          label="成立年限"
          value={query.establishBand}
          options={ESTABLISH_BANDS}
        />
        {query.region ? <input type="hidden" name="region" value={query.region} /> : null}
        <button type="submit" className="mgc-submit">
          查询
        </button>
      </form>
      {notice ? (
        <p className="mgc-notice" role="status">
          {notice}
        </p>
      ) : null}

      {!view.ok ? (
        <section className="ent-card" role="alert">
          {view.message}
        </section>
      ) : (
        <>
          <RegionCountsPanel
            place={place}
            regionCode={query.region}
            regions={view.regions}
            trail={trail}
            hrefOf={childHref}
          />

          <section className="ent-card" aria-labelledby="mgc-list-title">
            <h2 id="mgc-list-title" className="mgc-h2">
              {place}企业{view.companies.length > 0 ? `（前 ${view.companies.length} 家）` : null}
            </h2>
            {view.companies.length === 0 ? (
              <p className="mgc-empty">没有符合条件的企业，换个关键词或放宽筛选条件试试。</p>
            ) : (
              <table className="mgc-table">
                <thead>
                  <tr>
                    <th scope="col">企业名称</th>
                    <th scope="col">地区</th>
                    <th scope="col">行业</th>
                    <th scope="col">成立日期</th>
                  </tr>
                </thead>
                <tbody>
                  {view.companies.map((c) => (
                    <tr key={c.id}>
                      <td data-label="企业名称">
                        <a href={companyCanonicalPath(c.uncid)}>{c.name}</a>
                      </td>
                      <td data-label="地区">{c.region || '-'}</td>
                      <td data-label="行业">{c.industry || '-'}</td>
                      <td data-label="成立日期">{c.establishDate ?? '-'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <div className="mgc-more">
              <span>
                共找到 <strong>{view.total.toLocaleString('zh-CN')}</strong> 家企业
              </span>
              {/* A visitor is sent to sign in by the route guard, and comes back to the tool. */}
              <a href={SEARCH_ON_MAP} className="mgc-cta" rel="nofollow">
                {signedIn ? '在地图上圈选客户' : '登录后圈选客户、查看联系方式'}
              </a>
            </div>
          </section>
        </>
      )}
    </main>
  );
  return <ChromeForState chrome={chrome} member={page} search={<LeanSearchBox />} />;
}
