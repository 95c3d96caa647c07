import { buildOpenApiDocument } from '@/lib/server/edge';
import { config } from '@/lib/server/platform';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(buildOpenApiDocument(config.siteUrl));
}
