import { forwardToApi } from '@/lib/server/edge';

type Params = { params: Promise<{ path: string[] }> };

async function handle(req: Request, { params }: Params): Promise<Response> {
  const { path } = await params;
  return forwardToApi(req, `/${path.map(encodeURIComponent).join('/')}`);
}

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
