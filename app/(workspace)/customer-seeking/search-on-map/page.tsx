import { privatePageMetadata } from '@/components/workspace/CardPage';
import { SearchOnMap } from '@/components/map/search-on-map/SearchOnMap';
import { mapTileLayer } from '@/lib/server/platform';
import '@/components/map/map.css';

export const metadata = privatePageMetadata('地图找客');

/**
 * 地图找客 (/customer-seeking/search-on-map, spec 2.2, issue 30 item 3): companies in a region, a
 * circle or a drawn polygon with every advanced-search condition (ADR 0185); the China map and
 * its boundaries load on this page only (components/map, ADR 0186).
 */
export default async function SearchOnMapPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // ?region=<code> opens the map on a province or city (links from other pages).
  const { region } = await searchParams;
  return (
    <div className="ent-page">
      <section className="ent-card">
        <SearchOnMap
          initialRegion={typeof region === 'string' ? region : ''}
          tiles={mapTileLayer()}
        />
      </section>
    </div>
  );
}
