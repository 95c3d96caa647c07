import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/server/identity/auth/password';
import {
  enterpriseSuggest,
  getPermissionInfo,
  resetPassword,
} from '@/lib/shared/auth/auth.contract';
import {
  updatePassword,
  updatePasswordSzjk,
  updateProfilePassword,
} from '@/lib/shared/user/user.contract';
import { callContract, createTestUser } from '@/test/helpers/api';
import { freshMobile, passwordLogin, sendCode } from './support';

async function userWithPassword(password: string) {
  const mobile = freshMobile();
  const u = await createTestUser({ mobile });
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, u.userId));
  const [row] = await getDb()
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, u.userId));
  return { ...u, mobile, username: row.username };
}

describe('POST /system/auth/reset-password', () => {
  it('sets a new password by SMS code and ends every session', async () => {
    const u = await userWithPassword('Old12345');
    const code = await sendCode(u.mobile, 4);
    const r = await callContract(resetPassword, {
      body: { mobile: u.mobile, verificationCode: code, newPassword: 'New12345' },
    });
    expect(r.code).toBe(200);
    expect(r.data).toBe(true);
    const old = await callContract(getPermissionInfo, {}, { token: u.accessToken });
    expect(old.code).toBe(401);
    expect((await passwordLogin(u.username, 'New12345')).code).toBe(200);
  });

  it('answers an unknown phone with its error', async () => {
    const r = await callContract(resetPassword, {
      body: { mobile: freshMobile(), verificationCode: '123456', newPassword: 'New12345' },
    });
    expect(r.code).not.toBe(200);
  });
});

describe('PUT update-password (three paths)', () => {
  it.each([updatePassword, updatePasswordSzjk, updateProfilePassword])(
    '$path changes the password with the old one and keeps this session',
    async (contract) => {
      const u = await userWithPassword('Old12345');
      const wrong = await callContract(
        contract,
        { body: { oldPassword: 'Nope12345', newPassword: 'New12345' } },
        { token: u.accessToken, tenantId: u.tenantId },
      );
      expect(wrong.code).not.toBe(200);
      const missing = await callContract(
        contract,
        { body: { newPassword: 'New12345' } },
        { token: u.accessToken, tenantId: u.tenantId },
      );
      expect(missing.code).toBe(400);
      expect(missing.msg).toContain('请输入原密码或短信验证码');
      const ok = await callContract(
        contract,
        { body: { oldPassword: 'Old12345', newPassword: 'New12345' } },
        { token: u.accessToken, tenantId: u.tenantId },
      );
      expect(ok.code).toBe(200);
      expect(ok.data).toBe(true);
      const still = await callContract(getPermissionInfo, {}, { token: u.accessToken });
      expect(still.code).toBe(200);
    },
  );
});

describe('GET /system/auth/enterprise-suggest', () => {
  it('answers at most six suggestions, none for an empty keyword', async () => {
    const empty = await callContract(enterpriseSuggest, { query: { keyword: '' } });
    expect(empty.data).toEqual([]);
    const r = await callContract(enterpriseSuggest, { query: { keyword: '有限', limit: 6 } });
    expect(r.code).toBe(200);
    expect(r.data.length).toBeLessThanOrEqual(6);
  });
});
