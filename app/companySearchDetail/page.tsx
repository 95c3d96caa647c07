// The visitor's route; a member's request is rendered from /member-view/companySearchDetail (member-view.ts).
import { CompanyDetailView } from './view';

export { generateMetadata } from './view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function CompanyDetailPage({ searchParams }: { searchParams: SearchParams }) {
  return <CompanyDetailView searchParams={searchParams} chrome="visitor" />;
}
