import type { NextRequest } from 'next/server';
import { apiAsCaller } from '@/lib/server/edge';
import { partnerAuth } from '@/lib/shared/partner/partner.contract';

export const dynamic = 'force-dynamic';

function redirectTo(location: string): Response {
  return new Response(null, {
    status: 302,
    // The partner's address carries a sign-in code: nobody keeps it, nobody is told where from.
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

/**
 * Spec 7.1 GET /tanji/auth?redirectUrl= as a browser address (the partner frames and
 * /tungee-login open it): a signed-in member goes on to the partner with a one-time code (the API
 * root's GET /tanji/auth decides, ADR 0206); anyone else, or an address that is not a partner's,
 * goes to /tungee-login, which signs in or says why not.
 */
export async function GET(req: NextRequest): Promise<Response> {
  const redirectUrl = req.nextUrl.searchParams.get('redirectUrl') ?? '';
  const ask = await apiAsCaller();
  const answer = ask ? await ask(partnerAuth, { query: { redirectUrl } }) : null;
  if (answer) return redirectTo(answer.url);
  const back = new URLSearchParams({ redirectUrl });
  // Signed in and still refused: /tungee-login shows the refusal instead of sending back here.
  if (ask) back.set('failed', '1');
  return redirectTo(`/tungee-login?${back.toString()}`);
}
