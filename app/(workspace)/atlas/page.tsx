import { privatePageMetadata } from '@/components/workspace/CardPage';
import { AtlasScreen } from '@/components/industry/AtlasScreen';
import { listChains } from '@/lib/server/content';
import '@/components/content/content.css';
import '@/components/industry/industry.css';

export const metadata = privatePageMetadata('产业图谱');

/** 产业图谱 (/atlas, issue 31 item 2): every chain, searchable, as the entry to the chain graphs. */
export default async function AtlasPage() {
  return <AtlasScreen initial={await listChains()} />;
}
