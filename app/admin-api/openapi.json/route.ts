import { buildOpenApiDocument } from '@/lib/server/api/openapi';
import { config } from '@/lib/server/config';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(buildOpenApiDocument(config.siteUrl));
}
