// The member's route of /enterpriseReport (lib/shared/workspace/member-view.ts); the body is shared.
import { ReportCenter } from '@/components/enterprise-report/ReportCenter';
import { EnterpriseReportView } from '@/app/enterpriseReport/view';

export { metadata } from '@/app/enterpriseReport/view';
export const dynamic = 'force-dynamic';

export default function EnterpriseReportMemberPage() {
  return <EnterpriseReportView chrome="member" body={<ReportCenter />} />;
}
