import type { MetadataRoute } from 'next';
import { config } from '@/lib/server/platform';
import { SITEMAP_INDEX_PATH } from '@/lib/shared/enterprise/urls';

export const dynamic = 'force-dynamic';

/** Public pages are crawlable; the API, the BFF and account/workspace pages are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: ['/'],
        disallow: [
          '/api/',
          '/admin-api/',
          '/websocket/',
          '/login',
          '/ai',
          '/userSystem/',
          '/unLockListPage',
          '/favoritesPage',
          '/workbench',
          '/infoCenter',
          '/downloadList',
          '/dataCenter',
          '/customerManagement/',
          '/clue',
          '/PhonePage',
          '/phonePage',
        ],
      },
    ],
    sitemap: `${config.siteUrl}${SITEMAP_INDEX_PATH}`,
  };
}
