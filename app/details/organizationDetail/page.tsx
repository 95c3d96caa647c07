import type { Metadata } from 'next';
import { InstitutionPage, institutionMetadata } from '@/components/finance/FinancePages';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return institutionMetadata(await searchParams);
}

/** 投资机构 (spec 2.1 /details/organizationDetail, issue 32 item 2): portfolio and co-investors. */
export default async function OrganizationDetailRoute({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return <InstitutionPage sp={await searchParams} />;
}
