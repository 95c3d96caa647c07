import type { Metadata } from 'next';
import { ListDetailPage, listPageMetadata } from '@/components/industry/ListPages';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';

export const dynamic = 'force-dynamic';

type Params = Promise<{ list: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  return listPageMetadata((await params).list, await searchParams);
}

/** One authoritative list (issue 31 item 5): members with filters, counts, paging and export. */
export default async function AuthoritativeListDetailRoute({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  return <ListDetailPage slug={(await params).list} sp={await searchParams} />;
}
