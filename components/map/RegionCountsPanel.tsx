import { mapTileLayer, regionMapSvg } from '@/lib/server/platform';
import { getRegion } from '@/lib/shared/geo';
import { RegionCountsMap } from './RegionCountsMap';
import { RegionSvgMap } from './RegionSvgMap';
import './map-get-customer.css';

export type RegionTrailStep = { code: string; name: string; href: string };

/**
 * The open map pages' body (地图获客, 产业地图): the trail 全国 › 省 › 市, the map of the region's
 * children coloured by their counts, and the same counts as a list of links, all from the server
 * (the server draws the map as an SVG of links; the ECharts map replaces it when the visitor
 * reaches for it). The map drills provinces → cities → districts (ADR 0186).
 */
/** Region code → its page, for the regions that have one. */
function linkedHrefs(
  regions: readonly { code: string }[],
  hrefOf: (code: string) => string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of regions) {
    const href = hrefOf(r.code);
    if (href) out[r.code] = href;
  }
  return out;
}

export async function RegionCountsPanel({
  place,
  regionCode,
  regions,
  trail,
  hrefOf,
  label = '企业分布',
}: {
  place: string;
  /** '' China; a province or a city. */
  regionCode: string;
  regions: readonly { code: string; name: string; count: number }[];
  trail: readonly RegionTrailStep[];
  /** The page for a child region; null when the page goes no deeper (the region is listed only). */
  hrefOf: (code: string) => string | null;
  label?: string;
}) {
  const sorted = [...regions].sort((a, b) => b.count - a.count);
  const total = sorted.reduce((sum, r) => sum + r.count, 0);
  // China, a province and a city draw their children's outlines; a district is listed.
  const mapDrills = regionCode === '' || (getRegion(regionCode)?.level ?? 3) <= 2;
  // Each region's page, once: for the list's links and the map's areas.
  const hrefs = linkedHrefs(sorted, hrefOf);
  const values = mapDrills
    ? sorted.map((r) => ({ code: r.code, name: r.name, value: r.count }))
    : [];
  const mapHrefs = mapDrills ? hrefs : {};
  // The same map drawn on the server: the page shows and drills without ECharts.
  const svg = await regionMapSvg({ regionCode, values, hrefs: mapHrefs });
  return (
    <>
      <nav aria-label="地区层级" className="mgc-trail">
        {trail.map((step, i) =>
          i === trail.length - 1 ? (
            <span key={step.code} aria-current="page">
              {step.name}
            </span>
          ) : (
            <span key={step.code}>
              <a href={step.href}>{step.name}</a>
              <span aria-hidden> › </span>
            </span>
          ),
        )}
      </nav>
      <div className="mgc-body">
        <section className="ent-card mgc-map" aria-label={`${label}地图`}>
          <RegionCountsMap
            label={`${place}${label}`}
            tiles={mapTileLayer()}
            regionCode={regionCode}
            values={values}
            hrefs={mapHrefs}
          >
            {svg ? <RegionSvgMap map={svg} label={`${place}${label}`} /> : null}
          </RegionCountsMap>
        </section>
        <section className="ent-card mgc-regions" aria-labelledby="mgc-regions-title">
          <h2 id="mgc-regions-title" className="mgc-h2">
            各地区企业数
          </h2>
          <p className="mgc-sum">
            共 <strong>{total.toLocaleString('zh-CN')}</strong> 家
          </p>
          {sorted.length === 0 ? (
            <p className="mgc-empty">该地区暂无下级地区数据</p>
          ) : (
            <ol className="mgc-region-list">
              {sorted.map((r) => (
                <li key={r.code} className={r.count === 0 ? 'is-zero' : undefined}>
                  {hrefs[r.code] ? <a href={hrefs[r.code]}>{r.name}</a> : <span>{r.name}</span>}
                  <span>{r.count.toLocaleString('zh-CN')}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
