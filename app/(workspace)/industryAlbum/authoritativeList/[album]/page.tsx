import type { Metadata } from 'next';
import { AlbumRoute, albumMetadata } from '@/components/industry/AlbumRoute';

type Params = Promise<{ album: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return albumMetadata('authoritativeList', (await params).album);
}

/** An album of lists (issue 31 item 5); unknown albums answer 404. */
export default async function AlbumPage({ params }: { params: Params }) {
  return <AlbumRoute kind="authoritativeList" slug={(await params).album} />;
}
