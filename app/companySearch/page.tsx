// The visitor's route; a member's request is rendered from /member-view/companySearch (member-view.ts).
import { CompanySearchView } from './view';

export { generateMetadata } from './view';
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function CompanySearchPage({ searchParams }: { searchParams: SearchParams }) {
  return <CompanySearchView searchParams={searchParams} chrome="visitor" />;
}
