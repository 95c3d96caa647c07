import { eq, sql } from 'drizzle-orm';
import { accessTokens, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { hashPassword } from '@/lib/server/identity/auth/password';
import { issueTokens } from '@/lib/server/identity/auth/token.service';
import {
  publishToUser,
  startPushListener,
  type PushListener,
} from '@/lib/server/platform/push/push.service';
import {
  deliverLocal,
  registerSocket,
  SESSION_ENDED_CLOSE_CODE,
  unregisterSocket,
  type PushSocket,
} from '@/lib/server/platform/push/socket-registry';
import {
  getPermissionInfo,
  logout,
  refreshToken as refreshTokenContract,
  resetPassword,
  type RefreshedToken,
} from '@/lib/shared/auth/auth.contract';
import { deleteMyAccount, updatePassword } from '@/lib/shared/user/user.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { freshMobile, sendCode } from '@/lib/server/identity/auth/__tests__/support';

/**
 * Ending a session ends all of it: logout revokes the refresh token even after the access token
 * has expired; a refresh token works once (reusing an old one ends its whole session); and every
 * way a session ends closes that session's push sockets.
 */

type FakeSocket = PushSocket & { sent: string[]; closedWith?: number };

function openSocket(session: { userId: number; refreshTokenId: number }): FakeSocket {
  const socket: FakeSocket = {
    sent: [],
    readyState: 1,
    send: (data) => socket.sent.push(data),
    close: (code) => {
      socket.closedWith = code;
      socket.readyState = 3;
    },
  };
  registerSocket(session.userId, session.refreshTokenId, socket);
  return socket;
}

let listener: PushListener;
let nextProbeUser = -1;

beforeAll(async () => {
  listener = await startPushListener(deliverLocal, {
    databaseUrl: process.env.DATABASE_URL,
    log: () => undefined,
  });
});

afterAll(async () => {
  await listener.stop();
});

/**
 * Resolves once this instance's listener has delivered every push sent before the call: NOTIFYs
 * reach a listener in the order they were sent, so a probe's arrival means the earlier ones did.
 */
async function pushesDelivered(): Promise<void> {
  const userId = nextProbeUser--;
  const probe: PushSocket = { send: () => undefined, readyState: 1 };
  const arrived = new Promise<void>((resolve) => {
    probe.send = () => resolve();
  });
  registerSocket(userId, 0, probe);
  await publishToUser(userId, { type: 'probe', content: '' });
  await arrived;
  unregisterSocket(userId, probe);
}

async function expireAccessTokens(refreshTokenId: number): Promise<void> {
  await getDb()
    .update(accessTokens)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(accessTokens.refreshTokenId, refreshTokenId));
}

function refresh(token: string) {
  return callContract(refreshTokenContract, { query: { refreshToken: token } });
}

/** A second session (another browser) of the user. */
async function anotherSession(user: TestUser) {
  const issued = await issueTokens(user.userId, user.tenantId, { remember: true });
  return { ...user, ...issued };
}

async function withPassword(password: string): Promise<TestUser & { mobile: string }> {
  const mobile = freshMobile();
  const user = await createTestUser({ mobile });
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, user.userId));
  return { ...user, mobile };
}

describe('logout', () => {
  it('revokes the refresh token even when the access token has expired (idle tab)', async () => {
    const user = await createTestUser();
    await expireAccessTokens(user.refreshTokenId);
    const out = await callContract(logout, { query: { refreshToken: user.refreshToken } });
    expect(out.code).toBe(200);
    expect((await refresh(user.refreshToken)).code).toBe(401);
  });

  it('closes the sockets of the session that logged out, not those of other sessions', async () => {
    const user = await createTestUser();
    const other = await anotherSession(user);
    const tabs = [openSocket(user), openSocket(user)];
    const elsewhere = openSocket(other);
    const out = await callContract(logout, {}, { token: user.accessToken });
    expect(out.code).toBe(200);
    await pushesDelivered();
    expect(tabs.map((s) => s.closedWith)).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    expect(elsewhere.closedWith).toBeUndefined();
  });
});

describe('refresh tokens', () => {
  it('rotate on use, and reusing a used one ends the whole session and its sockets', async () => {
    const user = await createTestUser();
    const socket = openSocket(user);
    const first = await refresh(user.refreshToken);
    expect(first.code).toBe(200);
    const rotated = first.data as RefreshedToken;
    expect(rotated.refreshToken).not.toBe(user.refreshToken);

    // The old token again: someone else holds a copy. Both copies stop working.
    expect((await refresh(user.refreshToken)).code).toBe(401);
    expect((await refresh(rotated.refreshToken)).code).toBe(401);
    const info = await callContract(getPermissionInfo, {}, { token: rotated.accessToken });
    expect(info.code).toBe(401);
    await pushesDelivered();
    expect(socket.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('a rotated token keeps working until it is itself used', async () => {
    const user = await createTestUser();
    const first = (await refresh(user.refreshToken)).data as RefreshedToken;
    const second = await refresh(first.refreshToken);
    expect(second.code).toBe(200);
    const info = await callContract(
      getPermissionInfo,
      {},
      { token: (second.data as RefreshedToken).accessToken },
    );
    expect(info.code).toBe(200);
  });
});

describe('account changes end sessions and close their sockets', () => {
  it('a password change closes the other sessions’ sockets and keeps its own', async () => {
    const user = await withPassword('Old12345');
    const other = await anotherSession(user);
    const own = openSocket(user);
    const elsewhere = openSocket(other);
    const r = await callContract(
      updatePassword,
      { body: { oldPassword: 'Old12345', newPassword: 'New12345' } },
      { token: user.accessToken },
    );
    expect(r.code).toBe(200);
    await pushesDelivered();
    expect(elsewhere.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(elsewhere.sent.map((m) => JSON.parse(m) as { type: string })).toEqual([
      { type: 'relogin', content: '密码已修改，请重新登录' },
    ]);
    expect(own.closedWith).toBeUndefined();
  });

  it('a password reset by SMS closes every session’s sockets', async () => {
    const user = await withPassword('Old12345');
    const sockets = [openSocket(user), openSocket(await anotherSession(user))];
    const code = await sendCode(user.mobile, 4);
    const r = await callContract(resetPassword, {
      body: { mobile: user.mobile, verificationCode: code, newPassword: 'New12345' },
    });
    expect(r.code).toBe(200);
    await pushesDelivered();
    expect(sockets.map((s) => s.closedWith)).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
  });

  it('deleting the account closes every session’s sockets', async () => {
    const user = await withPassword('Old12345');
    const sockets = [openSocket(user), openSocket(await anotherSession(user))];
    const code = await sendCode(user.mobile, 9, { token: user.accessToken });
    const r = await callContract(
      deleteMyAccount,
      { body: { mobile: user.mobile, verificationCode: code } },
      { token: user.accessToken },
    );
    expect(r.code).toBe(200);
    await pushesDelivered();
    expect(sockets.map((s) => s.closedWith)).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
  });
});
