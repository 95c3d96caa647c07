// The member's route of /advancedSearch (lib/shared/workspace/member-view.ts); the body is shared.
import { AdvancedSearchView } from '@/app/advancedSearch/view';

export { metadata } from '@/app/advancedSearch/view';
export const dynamic = 'force-dynamic';

export default function AdvancedSearchMemberPage() {
  return <AdvancedSearchView chrome="member" />;
}
