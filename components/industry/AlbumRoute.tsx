import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAlbum } from '@/lib/server/content';
import { ALBUM_KIND_LABEL, isListSlug, type AlbumKind } from '@/lib/shared/industry/lists';
import { AlbumScreen } from './AlbumScreen';
import '@/components/content/content.css';
import './industry.css';

const loadAlbum = cache((kind: AlbumKind, slug: string) =>
  isListSlug(slug) ? getAlbum(kind, slug) : Promise.resolve(null),
);

export async function albumMetadata(kind: AlbumKind, slug: string): Promise<Metadata> {
  const album = await loadAlbum(kind, slug);
  return {
    title: album ? `${album.name} - ${ALBUM_KIND_LABEL[kind]}` : '专辑不存在',
    robots: { index: false, follow: false },
  };
}

/**
 * The album page: the route guard has let a member in; an unknown album is a real 404. The album
 * and its lists come with the page; each list's members load in the screen.
 */
export async function AlbumRoute({ kind, slug }: { kind: AlbumKind; slug: string }) {
  const album = await loadAlbum(kind, slug);
  if (!album) notFound();
  return <AlbumScreen album={album} />;
}
