// The member's route of /companySearch (lib/shared/workspace/member-view.ts); the body is shared.
import { CompanySearchView } from '@/app/companySearch/view';

export { generateMetadata } from '@/app/companySearch/view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function CompanySearchMemberPage({ searchParams }: { searchParams: SearchParams }) {
  return <CompanySearchView searchParams={searchParams} chrome="member" />;
}
