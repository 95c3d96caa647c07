// The visitor's route; a member's request is rendered from /member-view/enterpriseReport (member-view.ts).
import { ReportIntro } from '@/components/enterprise-report/ReportIntro';
import { EnterpriseReportView } from './view';

export { metadata } from './view';
export const dynamic = 'force-dynamic';

export default function EnterpriseReportPage() {
  return <EnterpriseReportView chrome="visitor" body={<ReportIntro />} />;
}
