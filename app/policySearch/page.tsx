import type { Metadata } from 'next';
import { flatParams } from '@/components/content/ContentBits';
import { ContentListPage, keptParams, queryHeading } from '@/components/content/ListPage';
import { PolicyFilters, POLICY_PARAMS } from '@/components/content/PolicyFilters';
import { PolicyListItem } from '@/components/content/PolicyListItem';
import { contentHref } from '@/components/content/content-format';
import { searchPolicies } from '@/lib/server/content';
import { policySearchQuerySchema } from '@/lib/shared/content/content.contract';
import { CONTENT_PAGE_SIZE_DEFAULT } from '@/lib/shared/content/content.constants';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
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
  const kept = keptParams(
    query,
    POLICY_PARAMS.filter((k) => k !== 'pageSize'),
  );
  if (params.pageSize && query.pageSize !== CONTENT_PAGE_SIZE_DEFAULT) {
    kept.pageSize = String(query.pageSize);
  }
  return (
    <ContentListPage
      path={contentHref.policySearch}
      title={TITLE}
      heading={queryHeading(query.q, TITLE, ['”的政策查询结果'])}
      ldType="SearchResultsPage"
      search={{ label: '搜索政策', placeholder: '输入政策标题、发文机关或关键词，如“专精特新”' }}
      kept={kept}
      keep={POLICY_PARAMS}
      query={query}
      result={result}
      unavailable="政策搜索暂时不可用，请稍后重试。"
      filters={(r, href) => (
        <PolicyFilters query={query} facets={r.facets} href={href} approx={r.facetsEstimated} />
      )}
      summary={['找到', '条政策']}
      listTestId="policy-list"
      renderItem={(p) => <PolicyListItem key={p.id} policy={p} />}
      noun="政策"
      compareDock
    />
  );
}
