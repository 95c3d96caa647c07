// The visitor's route; a member's request is rendered from /member-view/mapGetCustomer (member-view.ts).
import { MapGetCustomerView } from './view';

export { generateMetadata } from './view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function MapGetCustomerPage({ searchParams }: { searchParams: SearchParams }) {
  return <MapGetCustomerView searchParams={searchParams} chrome="visitor" />;
}
