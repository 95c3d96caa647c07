// The member's route of /companySearchDetail (lib/shared/workspace/member-view.ts); the body is shared.
import { CompanyDetailView } from '@/app/companySearchDetail/view';

export { generateMetadata } from '@/app/companySearchDetail/view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function CompanyDetailMemberPage({ searchParams }: { searchParams: SearchParams }) {
  return <CompanyDetailView searchParams={searchParams} chrome="member" />;
}
