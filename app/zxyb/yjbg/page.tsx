import type { Metadata } from 'next';
import { ReportListPage, reportListMetadata } from '@/components/content/ReportPages';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return reportListMetadata('yjbg', await searchParams);
}

export default async function ReportListRoute({ searchParams }: { searchParams: SearchParams }) {
  return <ReportListPage kind="yjbg" raw={await searchParams} />;
}
