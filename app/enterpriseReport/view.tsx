import type { Metadata } from 'next';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';
import '@/components/enterprise-report/report.css';

export const metadata: Metadata = {
  title: { absolute: `企业报告${PRODUCT_SUFFIX}` },
  description:
    '一键生成企业报告：工商信息、股东与股权结构、风险与变更、经营状况、资质荣誉、融资与已解锁的联系方式，网页版在线查看并可下载 PDF。',
  alternates: { canonical: '/enterpriseReport' },
};

/**
 * 企业报告 (spec 1, 2.1; issue 32 item 3): open. One chrome per state (ADR 0197): a member gets
 * their reports and templates inside the workspace, a visitor what a report holds under the
 * public header, with the way to sign in. Each route passes its own body, so the visitor's page
 * does not load the member's report centre. Its member pages (reportTemplate, reportDetail) live
 * in the (workspace) group.
 */
export function EnterpriseReportView({ chrome, body }: { chrome: Chrome; body: React.ReactNode }) {
  const page = (
    <>
      <h1 className="ent-page-title rpt-title">企业报告</h1>
      {body}
    </>
  );
  return (
    <ChromeForState
      chrome={chrome}
      search={<LeanSearchBox />}
      member={<div className="ent-page">{page}</div>}
      visitor={<main className="ent-page">{page}</main>}
    />
  );
}
