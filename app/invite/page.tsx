import type { Metadata } from 'next';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { InviteLanding } from '@/components/auth/InviteLanding';

export const metadata: Metadata = { title: '邀请加入', robots: { index: false } };

/** /invite?invitationCode=…: who invites, and the login modal with the code (spec 2.6, 4.2). */
export default async function InvitePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const code = typeof q.invitationCode === 'string' ? q.invitationCode : '';
  return (
    <>
      <PublicHeader />
      <main style={{ maxWidth: 560, margin: '48px auto', padding: '0 16px' }}>
        <InviteLanding code={code} />
      </main>
    </>
  );
}
