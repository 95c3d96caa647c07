import type { Metadata } from 'next';
import { AdvancedSearch } from '@/components/search/advanced/AdvancedSearch';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { AppShell } from '@/components/providers/AppShell';
import { Bridge } from '@/components/providers/PublicRuntime';
import { getPageViewer } from '@/lib/server/enterprise';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';

export const metadata: Metadata = {
  title: { absolute: `高级搜索${PRODUCT_SUFFIX}` },
  description:
    '按企业名称、法定代表人、股东、地址、经营范围、电话与地区、行业、注册资本、成立年限、企业标签等条件组合（且/或）搜索企业。',
  alternates: { canonical: '/advancedSearch' },
};

/**
 * Spec 2.1: open to visitors; saving templates and history need a signed-in user. One chrome per
 * state (issue 28 item 7), as on 企业查询 and the company page: a member builds conditions inside
 * the workspace, a visitor under the public header (the form itself is antd, so the visitor's page
 * carries the full runtime, and the header's lean islands reach it through the bridge).
 */
export async function AdvancedSearchView({ chrome }: { chrome: Chrome }) {
  const { signedIn } = await getPageViewer();
  const page = (
    <div className="ent-page sr-page-main">
      <AdvancedSearch signedIn={signedIn} />
    </div>
  );
  return (
    <ChromeForState
      chrome={chrome}
      member={page}
      search={<LeanSearchBox />}
      visitor={
        <AppShell sessionSeed={null}>
          <main>{page}</main>
          <Bridge />
        </AppShell>
      }
    />
  );
}
