import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { refreshTokenRotations } from '@/db/schema';
import { callApi } from '@/test/helpers/api';
import { passwordLogin, type LoginData } from './support';

/**
 * Issue 37 item 5 (ADR 0210): two requests of one browser refresh the same token on two
 * instances. The first rotates it; the second, a moment later, must get the same pair — not end
 * the session as if the token had been stolen. Later, or after a further rotation, a used token is
 * a copy and ends the session as before.
 */
// server.ts sets one at every start (DATA_DIR/session-secret); the sealed replacement needs it.
process.env.SESSION_SECRET ??= 'refresh-grace-test-secret-0123456789abcdef';

const refresh = (token: string) =>
  callApi<LoginData>('POST', '/system/auth/refresh-token', { body: { refreshToken: token } });
const profile = (token: string) => callApi('GET', '/system/user/profile/get', { token });

describe('a used refresh token within the rotation grace', () => {
  it('answers a straggler with the same refresh token and a working access token', async () => {
    const login = await passwordLogin('personal_admin', 'Demo@2026');
    const first = await refresh(login.data.refreshToken);
    expect(first.code).toBe(200);
    const straggler = await refresh(login.data.refreshToken);
    expect(straggler.code).toBe(200);
    expect(straggler.data.refreshToken).toBe(first.data.refreshToken);
    expect(straggler.data.accessToken).not.toBe(first.data.accessToken);
    expect((await profile(straggler.data.accessToken)).code).toBe(200);
    expect((await profile(first.data.accessToken)).code).toBe(200);
    // The session goes on: its current token refreshes as usual.
    const next = await refresh(first.data.refreshToken);
    expect(next.code).toBe(200);
    expect((await profile(next.data.accessToken)).code).toBe(200);
  });

  it('treats the token as a copy after a further rotation, and ends the session', async () => {
    const login = await passwordLogin('personal_admin', 'Demo@2026');
    const first = await refresh(login.data.refreshToken);
    const second = await refresh(first.data.refreshToken);
    expect(second.code).toBe(200);
    // The first token's replacement is no longer current: this is not a straggler.
    expect((await refresh(login.data.refreshToken)).code).toBe(401);
    expect((await profile(second.data.accessToken)).code).toBe(401);
    expect((await refresh(second.data.refreshToken)).code).toBe(401);
  });

  it('treats the token as a copy once the grace is over, and keeps no sealed token past it', async () => {
    const login = await passwordLogin('personal_admin', 'Demo@2026');
    const first = await refresh(login.data.refreshToken);
    await getDb().execute(sql`
      update refresh_token_rotations set rotated_at = now() - interval '31 seconds'
      where refresh_token_id = (select refresh_token_id from refresh_token_rotations
        where next_token_sealed is not null order by rotated_at desc limit 1)`);
    expect((await refresh(login.data.refreshToken)).code).toBe(401);
    expect((await profile(first.data.accessToken)).code).toBe(401);

    // A rotation clears the sealed replacements of the session's earlier rotations.
    const again = await passwordLogin('personal_admin', 'Demo@2026');
    const one = await refresh(again.data.refreshToken);
    await refresh(one.data.refreshToken);
    const rows = await getDb()
      .select({ sealed: refreshTokenRotations.nextTokenSealed })
      .from(refreshTokenRotations)
      .where(
        eq(
          refreshTokenRotations.refreshTokenId,
          sql`(select refresh_token_id from refresh_token_rotations order by rotated_at desc limit 1)`,
        ),
      );
    expect(rows.filter((r) => r.sealed !== null)).toHaveLength(1);
  });
});
