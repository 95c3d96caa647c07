// The member's route of /mapGetCustomer (lib/shared/workspace/member-view.ts); the body is shared.
import { MapGetCustomerView } from '@/app/mapGetCustomer/view';

export { generateMetadata } from '@/app/mapGetCustomer/view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function MapGetCustomerMemberPage({ searchParams }: { searchParams: SearchParams }) {
  return <MapGetCustomerView searchParams={searchParams} chrome="member" />;
}
