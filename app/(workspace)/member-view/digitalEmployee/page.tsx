// The member's route of /digitalEmployee (lib/shared/workspace/member-view.ts); the body is shared.
import { DigitalEmployeeView } from '@/app/digitalEmployee/view';

export { metadata } from '@/app/digitalEmployee/view';
export const dynamic = 'force-dynamic';

export default function DigitalEmployeeMemberPage() {
  return <DigitalEmployeeView chrome="member" />;
}
