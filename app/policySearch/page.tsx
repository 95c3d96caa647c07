import type { Metadata } from 'next';
import { PublicHeader } from '@/components/layout/PublicHeader';
import {
  Breadcrumbs,
  JsonLd,
  absoluteUrl,
  breadcrumbLd,
  ContentPager,
  flatParams,
  withParams,
} from '@/components/content/ContentBits';
import { PolicyFilters, POLICY_PARAMS } from '@/components/content/PolicyFilters';
import { PolicyListItem } from '@/components/content/PolicyListItem';
import { SearchForm } from '@/components/content/SearchForm';
import { CompareDock } from '@/components/content/CompareDock';
import { DemoNote } from '@/components/content/DemoNote';
import { contentHref } from '@/components/content/content-format';
import { searchPolicies } from '@/lib/server/content';
import { policySearchQuerySchema } from '@/lib/shared/content/content.contract';
import { CONTENT_PAGE_SIZE_DEFAULT, CONTENT_SORTS } from '@/lib/shared/content/content.constants';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { DoNotStorePage } from '@/lib/shared/http/page-cache-hint';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TITLE = '政策查询';

function isLanding(params: Record<string, string>): boolean {
  return Object.keys(params).length === 0;
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const params = flatParams(await searchParams);
  const q = policySearchQuerySchema.parse(params).q;
  return {
    // Spec 2.2: policy search has a fixed title; a keyword leads it.
    title: { absolute: `${q ? `${q} - ` : ''}${TITLE}${PRODUCT_SUFFIX}` },
    description: q
      ? `查询与“${q}”相关的惠企政策、补贴项目与申报通知，按地区、层级、行业、类别和申报状态筛选。`
      : '惠企政策查询：国家、省、市、区县各级扶持政策与补贴项目，按地区、层级、行业、政策类别、发布时间和申报状态（申报中 / 已截止）筛选。',
    alternates: { canonical: contentHref.policySearch },
    // Filtered result pages are endless combinations; only the landing page is for search engines.
    robots: isLanding(params) ? undefined : { index: false, follow: true },
  };
}

export default async function PolicySearchPage({ searchParams }: { searchParams: SearchParams }) {
  const params = flatParams(await searchParams);
  const query = policySearchQuerySchema.parse(params);
  const result = await searchPolicies(query).catch((err: unknown) => {
    console.error('[policySearch]', err);
    return null;
  });
  // Only what the query kept goes into links: unknown filter values drop out of every address.
  const kept: Record<string, string> = {};
  for (const k of POLICY_PARAMS) {
    if (k === 'pageSize') continue;
    const v = query[k as keyof typeof query];
    if (v !== undefined && v !== '' && !(k === 'sort' && v === 'relevance')) kept[k] = String(v);
  }
  if (params.pageSize && query.pageSize !== CONTENT_PAGE_SIZE_DEFAULT) {
    kept.pageSize = String(query.pageSize);
  }
  const crumbs = [{ label: '首页', href: '/' }, { label: TITLE }];

  return (
    <>
      <PublicHeader />
      <JsonLd
        data={[
          breadcrumbLd(crumbs),
          {
            '@type': 'SearchResultsPage',
            name: TITLE,
            url: absoluteUrl(contentHref.policySearch),
          },
        ]}
      />
      <main className="ent-page sr-page-main">
        <Breadcrumbs items={crumbs} />
        <h1 className="sr-title">
          {query.q ? (
            <>
              “<span>{query.q}</span>”的政策查询结果
            </>
          ) : (
            TITLE
          )}
        </h1>
        <SearchForm
          action={contentHref.policySearch}
          params={kept}
          keep={POLICY_PARAMS}
          label="搜索政策"
          placeholder="输入政策标题、发文机关或关键词，如“专精特新”"
        />
        {result === null ? (
          <section className="ent-card" role="alert">
            <DoNotStorePage />
            <p className="ent-empty">政策搜索暂时不可用，请稍后重试。</p>
          </section>
        ) : (
          <>
            <PolicyFilters query={query} params={kept} facets={result.facets} />
            <section className="ent-card sr-results" aria-labelledby="ct-summary">
              <div className="sr-toolbar">
                <p id="ct-summary" className="sr-summary" data-testid="result-summary">
                  找到 <strong>{result.total.toLocaleString('en-US')}</strong> 条政策
                </p>
                <nav className="sr-sorts" aria-label="排序">
                  {CONTENT_SORTS.map((s) => (
                    <a
                      key={s.value}
                      href={withParams(contentHref.policySearch, kept, {
                        sort: s.value === 'relevance' ? null : s.value,
                      })}
                      rel="nofollow"
                      className={query.sort === s.value ? 'sr-opt is-active' : 'sr-opt'}
                      aria-current={query.sort === s.value ? 'true' : undefined}
                    >
                      {s.label}
                    </a>
                  ))}
                </nav>
              </div>
              <DemoNote show={result.list.some((p) => p.demo)} />
              {result.list.length > 0 ? (
                <ul className="ct-list" data-testid="policy-list">
                  {result.list.map((p) => (
                    <PolicyListItem key={p.id} policy={p} />
                  ))}
                </ul>
              ) : (
                <div className="ent-empty" data-testid="no-results">
                  <p>没有找到符合条件的政策。</p>
                  <p className="ent-muted">
                    试试更短的关键词，或<a href={contentHref.policySearch}>清空筛选条件</a>。
                  </p>
                </div>
              )}
              <div className="sr-foot">
                <ContentPager
                  pageNo={result.pageNo}
                  pageSize={result.pageSize}
                  total={result.total}
                  href={(n) => withParams(contentHref.policySearch, kept, { pageNo: n })}
                />
              </div>
            </section>
          </>
        )}
      </main>
      <CompareDock />
    </>
  );
}
