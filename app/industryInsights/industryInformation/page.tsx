import type { Metadata } from 'next';
import { NewsPage, newsMetadata } from '@/components/content/NewsPages';
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
  return newsMetadata(await searchParams);
}

/** Industry news (spec 2.1): the list, or one item with ?id=. */
export default async function IndustryInformationPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return <NewsPage raw={await searchParams} />;
}
