import 'server-only';

/**
 * Front door of the edge module (ADR 0170): API dispatch, route registry, OpenAPI, BFF, job kinds, sockets, sitemap, page cache, server-render seeds.
 * Other modules import only what is exported here; edge itself may import platform, identity, commerce, enterprise, search, content, crm, ai.
 */

export { dispatchApi } from './api/dispatch';
export { buildOpenApiDocument } from './api/openapi';
export { forwardToApi } from './bff/forward';
export { JOB_KINDS } from './jobs/kinds';
export { createPageCache } from './page-cache/page-cache';
export {
  createPageCacheSecret,
  PAGE_CACHE_HEADER,
  pageCacheMarkerOf,
} from './page-cache/page-cache-marker';
export {
  sitemapFileExists,
  streamSitemapFile,
  streamSitemapIndex,
  xmlStreamResponse,
} from './sitemap/sitemap.service';
export { createAppWebSocketGateway } from './sockets/app-sockets';
export { readPipelineSeed } from './workspace/pipeline-seed';
export { apiAsCaller } from './workspace/ask-as-caller';
export { startDemoPartner } from './demo-partner/demo-partner';
export { readWorkspaceSeed } from './workspace/session-seed';
export { menuIconSprite } from './menu-icons/sprite';
