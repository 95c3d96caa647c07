import type { Metadata } from 'next';
import { AdvancedSearch } from '@/components/search/advanced/AdvancedSearch';
import { getPageViewer } from '@/lib/server/enterprise';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/search/search.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: `高级搜索${PRODUCT_SUFFIX}` },
  description:
    '按企业名称、法定代表人、股东、地址、经营范围、电话与地区、行业、注册资本、成立年限、企业标签等条件组合（且/或）搜索企业。',
  alternates: { canonical: '/advancedSearch' },
};

/** Spec 2.1: open to visitors; saving templates and history need a signed-in user. */
export default async function AdvancedSearchPage() {
  const { signedIn } = await getPageViewer();
  return (
    <>
      <div className="ent-page sr-page-main">
        <AdvancedSearch signedIn={signedIn} />
      </div>
    </>
  );
}
