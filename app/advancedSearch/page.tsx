// The visitor's route; a member's request is rendered from /member-view/advancedSearch (member-view.ts).
import { AdvancedSearchView } from './view';

export { metadata } from './view';
export const dynamic = 'force-dynamic';

export default function AdvancedSearchPage() {
  return <AdvancedSearchView chrome="visitor" />;
}
