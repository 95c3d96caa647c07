// The visitor's route; a member's request is rendered from /member-view/digitalEmployee (member-view.ts).
import { DigitalEmployeeView } from './view';

export { metadata } from './view';
export const dynamic = 'force-dynamic';

export default function DigitalEmployeePage() {
  return <DigitalEmployeeView chrome="visitor" />;
}
