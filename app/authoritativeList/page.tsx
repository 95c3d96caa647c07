import { ListIndexPage, listIndexMetadata } from '@/components/industry/ListPages';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';

export const dynamic = 'force-dynamic';

export const metadata = listIndexMetadata;

/** 权威榜单 (spec 2.1, issue 31 item 5): every list with its count. */
export default function AuthoritativeListRoute() {
  return <ListIndexPage />;
}
