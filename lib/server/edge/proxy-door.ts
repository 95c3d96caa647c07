import 'server-only';

/** The edge module's door for the request proxy (ADR 0175): the page-cache marker. */
export { PAGE_CACHE_HEADER, pageCacheMarkerOf } from './page-cache/page-cache-marker';
