import 'server-only';
import { and, eq } from 'drizzle-orm';
import { socialUsers } from '@/db/schema';
import { type AuthContext, apiError, type ClientInfo, getDb, audit } from '@/lib/server/platform';

/** Removes the caller's binding of a social identity (1002018001 when there is none). */
export async function unbindSocialIdentity(
  input: { type: number; openid: string },
  auth: AuthContext,
  client: ClientInfo,
): Promise<true> {
  const rows = await getDb()
    .delete(socialUsers)
    .where(
      and(
        eq(socialUsers.userId, auth.userId),
        eq(socialUsers.type, input.type),
        eq(socialUsers.openid, input.openid),
      ),
    )
    .returning({ id: socialUsers.id });
  if (rows.length === 0) throw apiError('SOCIAL_NOT_BOUND');
  await audit('social_unbind', { tenantId: auth.tenantId, userId: auth.userId, client });
  return true;
}
