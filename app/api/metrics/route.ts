import { config, metricsText, metricsTokenAccepted } from '@/lib/server/platform';

export const dynamic = 'force-dynamic';

/**
 * Prometheus metrics on the main port, only with METRICS_TOKEN and that bearer token (issue 37
 * item 2). Without a token configured the path does not exist: the metrics port is loopback.
 */
export async function GET(req: Request): Promise<Response> {
  if (!metricsTokenAccepted(req.headers.get('authorization'), config.metricsToken))
    return new Response('Not Found', { status: 404 });
  const { body, contentType } = await metricsText();
  return new Response(body, {
    headers: { 'content-type': contentType, 'cache-control': 'no-store' },
  });
}
