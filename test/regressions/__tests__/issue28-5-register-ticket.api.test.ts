import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { tenants, users } from '@/db/schema';
import { callApi, createTestUser } from '@/test/helpers/api';
import { DEVICE_COOKIE, DEVICE_HEADER } from '@/lib/server/platform/http/device-id';
import { forwardToApi, type SessionLike } from '@/lib/server/edge/bff/forward';
import {
  freshMobile,
  sendCode,
  type LoginData,
} from '@/lib/server/identity/auth/__tests__/support';

/**
 * Issue 28 item 5 (outside probe, low): in demo mode a register ticket minted while a number had
 * no account later signed into the account someone else created for that number. The ticket now
 * records what it proved (no account, this browser) and is refused when either no longer holds.
 */

process.env.SESSION_SECRET ??= 'x'.repeat(40);

const ATTACKER = { [DEVICE_HEADER]: 'attacker-device-0000000001' };
const VICTIM = { [DEVICE_HEADER]: 'victim-device-00000000000001' };

/** A register ticket for `mobile`, obtained through sms-login from the device `headers`. */
async function registerTicket(mobile: string, headers: Record<string, string>): Promise<string> {
  const code = await sendCode(mobile, 21);
  const r = await callApi<{ registerTicket: string }>('POST', '/system/auth/sms-login', {
    body: { mobile, code },
    headers,
  });
  expect(r.code).toBe(1002003003);
  return r.data.registerTicket;
}

function signUp(
  mobile: string,
  ticket: string,
  headers: Record<string, string>,
  companyName = `票据测试${Date.now()}${Math.floor(Math.random() * 1e4)}有限公司`,
) {
  return callApi<LoginData>('POST', '/system/auth/sign-up-by-mobile', {
    body: { mobile, registerTicket: ticket, companyName },
    headers,
  });
}

describe('issue 28 item 5: a register ticket is bound to what it proved', () => {
  it('does not sign into an account someone else created for the number after the ticket', async () => {
    const mobile = freshMobile();
    const ticket = await registerTicket(mobile, ATTACKER);
    // Someone else registers the number meanwhile (an account without an enterprise yet).
    const victim = await createTestUser({ mobile, noTenant: true });

    const r = await signUp(mobile, ticket, ATTACKER);
    expect(r.code).toBe(1002003001);
    expect(r.data?.userId).toBeUndefined();
    const [row] = await getDb().select().from(users).where(eq(users.id, victim.userId));
    expect(row.tenantId).toBeNull();
  });

  it('works only in the browser (device) that obtained it', async () => {
    const mobile = freshMobile();
    const ticket = await registerTicket(mobile, ATTACKER);
    expect((await signUp(mobile, ticket, VICTIM)).code).toBe(1002000019);
    expect((await signUp(mobile, ticket, {})).code).toBe(1002000019);
    const ok = await signUp(mobile, ticket, ATTACKER);
    expect(ok.code).toBe(200);
  });

  it('still lets its own sign-up be retried after a join request created the account', async () => {
    const owner = await createTestUser();
    const [tenant] = await getDb()
      .update(tenants)
      .set({ approvalRequired: true })
      .where(eq(tenants.id, owner.tenantId!))
      .returning({ name: tenants.name });
    const mobile = freshMobile();
    const ticket = await registerTicket(mobile, VICTIM);
    expect((await signUp(mobile, ticket, VICTIM, tenant.name)).code).toBe(1002029003);
    const retry = await signUp(mobile, ticket, VICTIM);
    expect(retry.code).toBe(200);
  });

  it('through the BFF the browser keeps its device in an httpOnly cookie, and the ticket follows it', async () => {
    const session = { save: async () => undefined, destroy: () => undefined } as SessionLike;
    const post = (path: string, body: unknown, cookie?: string) =>
      forwardToApi(
        new Request(`http://localhost:3000/api${path}`, {
          method: 'POST',
          headers: {
            host: 'localhost:3000',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          body: JSON.stringify(body),
        }),
        path,
        { session },
      );
    const mobile = freshMobile();
    const code = await sendCode(mobile, 21);
    const login = await post('/system/auth/sms-login', { mobile, code });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{16,}; .*HttpOnly`));
    const cookie = setCookie.split(';')[0];
    const { data } = (await login.json()) as { data: { registerTicket: string } };

    const body = {
      mobile,
      registerTicket: data.registerTicket,
      companyName: `BFF票据${Date.now()}有限公司`,
    };
    const other = await post(
      '/system/auth/sign-up-by-mobile',
      body,
      `${DEVICE_COOKIE}=${'o'.repeat(24)}`,
    );
    expect(((await other.json()) as { code: number }).code).toBe(1002000019);
    const same = await post('/system/auth/sign-up-by-mobile', body, cookie);
    expect(same.headers.get('set-cookie') ?? '').not.toContain(DEVICE_COOKIE);
    expect(((await same.json()) as { code: number }).code).toBe(200);
  });
});
