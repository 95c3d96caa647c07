import { dispatchApi } from '@/lib/server/edge';

export const dynamic = 'force-dynamic';

const handle = (req: Request) => dispatchApi(req);
export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
