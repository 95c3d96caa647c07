import type { Metadata } from 'next';
import { FinanceIndexPage, financeIndexMetadata } from '@/components/finance/FinancePages';
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
  return financeIndexMetadata(await searchParams);
}

/** 投融资 (spec 2.1, issue 32 item 2): financing events with filters, sort and paging. */
export default async function FinanceRoute({ searchParams }: { searchParams: SearchParams }) {
  return <FinanceIndexPage sp={await searchParams} />;
}
