import type { Metadata } from 'next';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { SearchFilters } from '@/components/search/results/SearchFilters';
import { ResultList } from '@/components/search/results/ResultList';
import { Pager } from '@/components/search/results/Pager';
import { BulkBar, SearchTableProvider } from '@/components/search/results/SearchTableState';
import { hasAnyFilter, SearchUrls, type SearchType } from '@/components/search/results/search-url';
import { getPageViewer, getEnterpriseStates } from '@/lib/server/enterprise';
import {
  searchEnterprises,
  searchByPark,
  maxResultsFor,
  recordSearchHistory,
} from '@/lib/server/search';
import { PAGE_SIZES, SORT_OPTIONS } from '@/lib/shared/search/filters';
import { queryFromSearchParams, searchParamsFromQuery } from '@/lib/shared/search/query';
import type { EnterpriseSearchResult } from '@/lib/shared/search/types';
import type { EnterpriseState } from '@/lib/shared/enterprise/types';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { DoNotStorePage } from '@/lib/shared/http/page-cache-hint';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import { formatTotal } from '@/lib/shared/search/total-text';
import { estateSearchPath } from '@/lib/shared/park/estate-model';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function searchTypeOf(sp: Record<string, string | string[] | undefined>): SearchType {
  const v = Array.isArray(sp.searchType) ? sp.searchType[0] : sp.searchType;
  return v === 'park' ? 'park' : 'default';
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const sp = await searchParams;
  const query = queryFromSearchParams(sp);
  // Spec 2.2: company search has a fixed title; the keyword leads it when there is one.
  const title = query.keyword ? `${query.keyword} - 企业查询` : '企业查询';
  const isLanding = !query.keyword && !hasAnyFilter(query.filters) && query.pageNo === 1;
  return {
    title: { absolute: `${title}${PRODUCT_SUFFIX}` },
    description: query.keyword
      ? `查询“${query.keyword}”相关企业的工商信息、法定代表人、注册资本、成立日期与联系方式。`
      : '按企业名称、法定代表人、股东、统一社会信用代码、电话、地址查询企业，按地区、行业、注册资本等条件筛选。',
    alternates: { canonical: '/companySearch' },
    // Result pages are endless combinations; only the landing page is for search engines.
    robots: isLanding ? undefined : { index: false, follow: true },
  };
}

export async function CompanySearchView({
  searchParams,
  chrome,
}: {
  searchParams: SearchParams;
  chrome: Chrome;
}) {
  const sp = await searchParams;
  const searchType = searchTypeOf(sp);
  const query = queryFromSearchParams(sp);
  const urls = new SearchUrls(query, searchType);
  const { viewer, signedIn } = await getPageViewer();

  let result: EnterpriseSearchResult | null = null;
  // The park record the park search found (its page has the outline and the companies by type).
  let park: { id: number; name: string } | null = null;
  let states: EnterpriseState[] = [];
  // The view was counted against the search budget the API shares (proxy.ts, RATE_POLICIES).
  try {
    const maxResults = await maxResultsFor(viewer.tenantId ? { tenantId: viewer.tenantId } : null);
    if (searchType === 'park' && query.keyword) {
      const found = await searchByPark(query, { maxResults });
      park = found.park;
      result = found;
    } else result = await searchEnterprises(query, { maxResults });
    states = await getEnterpriseStates(
      result.list.map((h) => h.id),
      viewer,
    );
  } catch (err) {
    console.error('[companySearch]', err);
  }
  // A member's keyword searches go to their search history (the search box lists the recent ones);
  // the page does not wait for the write, which keeps the time of the search for the order.
  if (result && query.keyword && query.pageNo === 1 && viewer.userId && viewer.tenantId) {
    void recordSearchHistory(
      { tenantId: viewer.tenantId, userId: viewer.userId },
      query.keyword,
      searchType === 'park' ? { searchType } : null,
      new Date(),
    ).catch((err: unknown) => console.error('[companySearch] search history', err));
  }

  const landing = !query.keyword && !hasAnyFilter(query.filters);
  const pageRows = (result?.list ?? []).map((h) => ({ id: h.id, name: h.name, uncid: h.uncid }));
  const params = Object.fromEntries(searchParamsFromQuery(query));

  const searchBox = (
    <LeanSearchBox
      defaultValue={query.keyword}
      defaultMode={searchType === 'park' ? 'park' : 'enterprise'}
      inPlace
      history
    />
  );
  const page = (
    <>
      <main className="ent-page sr-page-main">
        {/* Plain links throughout: no next/link client code on this lean page. */}
        <nav aria-label="面包屑" className="ent-breadcrumb">
          {/* Signed in, the workspace's breadcrumb and search box are above. */}
          {signedIn ? null : (
            <>
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a href="/">首页</a> / <span>企业查询</span>
            </>
          )}
          <a href="/advancedSearch" className="sr-adv-link">
            高级搜索 ›
          </a>
        </nav>
        <h1 className="sr-title">
          {query.keyword ? (
            <>
              “<span>{query.keyword}</span>”的{searchType === 'park' ? '园区企业' : '企业'}查询结果
            </>
          ) : landing ? (
            '企业查询'
          ) : (
            '按条件筛选企业'
          )}
        </h1>
        {result === null ? (
          <section className="ent-card" role="alert">
            <DoNotStorePage />
            <p className="ent-empty">搜索暂时不可用，请稍后重试。</p>
          </section>
        ) : (
          <>
            <SearchFilters urls={urls} facets={result.facets} />
            <SearchTableProvider
              total={result.total}
              params={params}
              searchType={searchType}
              signedIn={signedIn}
              pageRows={pageRows}
            >
              <section className="ent-card sr-results" aria-labelledby="sr-summary">
                <div className="sr-toolbar">
                  <p id="sr-summary" className="sr-summary" data-testid="result-summary">
                    {landing ? '热门企业，' : ''}找到{' '}
                    <strong>
                      {result.totalText ?? formatTotal(result.total, !!result.totalCapped)}
                    </strong>{' '}
                    家企业
                  </p>
                  <nav className="sr-sorts" aria-label="排序">
                    {SORT_OPTIONS.map((s) => (
                      <a
                        key={s.key}
                        href={urls.href({ sort: s.key })}
                        rel="nofollow"
                        className={query.sort === s.key ? 'sr-opt is-active' : 'sr-opt'}
                        aria-current={query.sort === s.key ? 'true' : undefined}
                      >
                        {s.label}
                      </a>
                    ))}
                  </nav>
                </div>
                {result.notice ? (
                  <p className="sr-notice" role="status" data-testid="search-notice">
                    {result.notice}
                    {park ? (
                      <>
                        {' '}
                        <a href={estateSearchPath(park.id)}>查看园区详情</a>
                      </>
                    ) : null}
                  </p>
                ) : null}
                {landing ? (
                  <p className="sr-notice sr-hint">
                    输入企业名称、法定代表人、股东、统一社会信用代码、电话或地址开始查询；也可以直接按地区、行业等条件筛选。
                  </p>
                ) : null}
                {result.list.length > 0 ? (
                  <>
                    <BulkBar />
                    <ResultList list={result.list} states={states} signedIn={signedIn} />
                  </>
                ) : (
                  <div className="ent-empty" data-testid="no-results">
                    <p>没有找到符合条件的企业。</p>
                    <p className="ent-muted">
                      试试更短的关键词、检查错别字，或
                      <a href={urls.withFilters({})}>清空筛选条件</a>。
                    </p>
                  </div>
                )}
                <div className="sr-foot">
                  <Pager
                    urls={urls}
                    total={result.total}
                    maxResults={result.maxResults}
                    signedIn={signedIn}
                  />
                  <nav className="sr-sizes" aria-label="每页条数">
                    每页
                    {PAGE_SIZES.map((n) => (
                      <a
                        key={n}
                        href={urls.href({ pageSize: n })}
                        rel="nofollow"
                        className={query.pageSize === n ? 'sr-opt is-active' : 'sr-opt'}
                      >
                        {n}
                      </a>
                    ))}
                    条
                  </nav>
                </div>
              </section>
            </SearchTableProvider>
          </>
        )}
      </main>
    </>
  );
  return <ChromeForState chrome={chrome} member={page} search={searchBox} />;
}
