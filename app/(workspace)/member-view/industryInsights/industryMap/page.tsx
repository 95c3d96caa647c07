// The member's route of /industryInsights/industryMap (lib/shared/workspace/member-view.ts); the body is shared.
import { IndustryMapView } from '@/app/industryInsights/industryMap/view';

export { generateMetadata } from '@/app/industryInsights/industryMap/view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function IndustryMapMemberPage({ searchParams }: { searchParams: SearchParams }) {
  return <IndustryMapView searchParams={searchParams} chrome="member" />;
}
