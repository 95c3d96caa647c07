// The visitor's route; a member's request is rendered from /member-view/industryInsights/industryMap (member-view.ts).
import { IndustryMapView } from './view';

export { generateMetadata } from './view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function IndustryMapPage({ searchParams }: { searchParams: SearchParams }) {
  return <IndustryMapView searchParams={searchParams} chrome="visitor" />;
}
