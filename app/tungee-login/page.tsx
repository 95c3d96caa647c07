import type { Metadata } from 'next';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { TungeeLogin } from '@/components/partner/TungeeLogin';
import { partnerOfRedirect } from '@/lib/server/identity';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '合作平台登录', robots: { index: false } };

/**
 * Spec 2.1 /tungee-login?redirectUrl=…: where a partner platform sends a visitor to sign in with
 * this product's account (ADR 0206). Signed in (now or after the login modal), they go back to the
 * partner through /tanji/auth with a one-time code; a partner not configured here is refused.
 */
export default async function TungeeLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const redirectUrl = typeof q.redirectUrl === 'string' ? q.redirectUrl : '';
  const partner = partnerOfRedirect(redirectUrl);
  return (
    <>
      <PublicHeader />
      <main style={{ maxWidth: 560, margin: '48px auto', padding: '0 16px' }}>
        <TungeeLogin
          partnerName={partner?.name ?? null}
          redirectUrl={redirectUrl}
          failed={q.failed === '1'}
        />
      </main>
    </>
  );
}
