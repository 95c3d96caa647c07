import type { Metadata } from 'next';
import { ReportCenter } from '@/components/enterprise-report/ReportCenter';
import { ReportIntro } from '@/components/enterprise-report/ReportIntro';
import { getPageViewer } from '@/lib/server/enterprise';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise-report/report.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: `企业报告${PRODUCT_SUFFIX}` },
  description:
    '一键生成企业报告：工商信息、股东与股权结构、风险与变更、经营状况、资质荣誉、融资与已解锁的联系方式，网页版在线查看并可下载 PDF。',
  alternates: { canonical: '/enterpriseReport' },
};

/** 企业报告 (spec 1, 2.1; issue 32 item 3): open; a member's reports and templates once signed in. */
export default async function EnterpriseReportPage() {
  const { signedIn } = await getPageViewer();
  return (
    <div className="ent-page">
      <h1 className="ent-page-title rpt-title">企业报告</h1>
      {signedIn ? <ReportCenter /> : <ReportIntro />}
    </div>
  );
}
