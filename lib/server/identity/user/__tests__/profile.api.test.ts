import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { users } from '@/db/schema';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import { freshMobile, passwordLogin, sendCode } from '@/lib/server/identity/auth/__tests__/support';
import { issueTokens } from '@/lib/server/identity/auth/token.service';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';

// Uploads go to memory in tests, through the same storage interface the app uses.
installMemoryFileStorage();

// A 1x1 PNG and JPEG header: the avatar check reads the first bytes, not the name.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF_HEAD = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function avatarForm(data: Buffer, name: string, type = 'image/png'): FormData {
  const form = new FormData();
  form.append('avatarFile', new File([new Uint8Array(data)], name, { type }));
  return form;
}

async function user(): Promise<TestUser & { mobile: string }> {
  const mobile = freshMobile();
  const u = await createTestUser({ mobile });
  return { ...u, mobile };
}

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

describe('account centre: nickname', () => {
  it('validates 2-30 characters with the spec messages and saves', async () => {
    const u = await user();
    const empty = await callApi('PUT', '/system/sztk_user/profile/update', {
      ...as(u),
      body: { nickname: '  ' },
    });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('请输入昵称');
    const short = await callApi('PUT', '/system/sztk_user/profile/update', {
      ...as(u),
      body: { nickname: '张' },
    });
    expect(short.code).toBe(400);
    expect(short.msg).toContain('请输入2-30个字符的昵称');
    const long = await callApi('PUT', '/system/sztk_user/profile/update', {
      ...as(u),
      body: { nickname: '长'.repeat(31) },
    });
    expect(long.msg).toContain('请输入2-30个字符的昵称');
    const ok = await callApi('PUT', '/system/sztk_user/profile/update', {
      ...as(u),
      body: { nickname: '销售小王' },
    });
    expect(ok.code).toBe(200);
    const profile = await callApi<{ nickname: string }>(
      'GET',
      '/system/sztk_user/profile/get',
      as(u),
    );
    expect(profile.data.nickname).toBe('销售小王');
  });

  it('needs a session', async () => {
    const r = await callApi('PUT', '/system/sztk_user/profile/update', {
      body: { nickname: 'ab' },
    });
    expect(r.code).toBe(401);
  });
});

describe('account centre: avatar upload', () => {
  it('stores a real PNG through the file storage and serves it back', async () => {
    const u = await user();
    const r = await callApi<string>('POST', '/system/sztk_user/profile/update-avatar', {
      ...as(u),
      form: avatarForm(PNG_1X1, 'me.png'),
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatch(/^\/admin-api\/infra\/file\/get\/[a-f0-9]{32}\.png$/);
    const file = await callApi('GET', r.data.replace('/admin-api', ''));
    expect(file.status).toBe(200);
    expect(file.res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const profile = await callApi<{ avatar: string }>(
      'GET',
      '/system/sztk_user/profile/get',
      as(u),
    );
    expect(profile.data.avatar).toBe(r.data);
  });

  it('accepts a JPEG by content whatever its name', async () => {
    const u = await user();
    const r = await callApi<string>('POST', '/system/sztk_user/profile/update-avatar', {
      ...as(u),
      form: avatarForm(JPEG_HEAD, 'photo.bin', 'application/octet-stream'),
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatch(/\.jpg$/);
  });

  it('refuses a file named .png whose content is not an image, and a GIF', async () => {
    const u = await user();
    for (const [data, name] of [
      [Buffer.from('<script>alert(1)</script>'), 'evil.png'],
      [GIF_HEAD, 'anim.jpg'],
    ] as const) {
      const r = await callApi('POST', '/system/sztk_user/profile/update-avatar', {
        ...as(u),
        form: avatarForm(data, name),
      });
      expect(r.code).toBe(1002003005);
      expect(r.msg).toBe('只能上传 .jpg、.png 格式的文件');
    }
    const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
    expect(row.avatar ?? '').toBe('');
  });

  it('refuses more than 2 MB', async () => {
    const u = await user();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    const r = await callApi('POST', '/system/sztk_user/profile/update-avatar', {
      ...as(u),
      form: avatarForm(big, 'big.png'),
    });
    expect(r.code).toBe(1001003002);
  });

  it('asks for the avatarFile field', async () => {
    const u = await user();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(PNG_1X1)], 'a.png'));
    const r = await callApi('POST', '/system/sztk_user/profile/update-avatar', { ...as(u), form });
    expect(r.code).toBe(400);
  });
});

describe('account centre: phone change', () => {
  it('step 0 needs the own number and the right code', async () => {
    const u = await user();
    const notOwn = await callApi('POST', '/system/user/profile/verify-current-mobile', {
      ...as(u),
      body: { mobile: freshMobile(), verificationCode: '123456' },
    });
    expect(notOwn.code).toBe(1002014006);
    const code = await sendCode(u.mobile, 6, { token: u.accessToken });
    const wrong = await callApi('POST', '/system/user/profile/verify-current-mobile', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.code).toBe(1002014000);
    const ok = await callApi<string>('POST', '/system/user/profile/verify-current-mobile', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: code },
    });
    expect(ok.code).toBe(200);
    expect(ok.data.length).toBeGreaterThan(10);
    const reused = await callApi('POST', '/system/user/profile/verify-current-mobile', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: code },
    });
    expect(reused.code).toBe(1002014002);
  });

  it('step 1 refuses a wrong code, a used code, a taken number and a foreign auth code', async () => {
    const u = await user();
    const authCode = (
      await callApi<string>('POST', '/system/user/profile/verify-current-mobile', {
        ...as(u),
        body: {
          mobile: u.mobile,
          verificationCode: await sendCode(u.mobile, 6, { token: u.accessToken }),
        },
      })
    ).data;
    const next = freshMobile();
    const code = await sendCode(next, 6, { token: u.accessToken });
    const wrong = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      ...as(u),
      body: { mobile: next, verificationCode: code === '000000' ? '111111' : '000000', authCode },
    });
    expect(wrong.code).toBe(1002014000);

    // Someone else's grant does not work for this account.
    const other = await user();
    const foreign = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      ...as(other),
      body: { mobile: next, verificationCode: code, authCode },
    });
    expect(foreign.code).toBe(1002003007);

    const taken = await user();
    const takenR = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      ...as(u),
      body: { mobile: taken.mobile, verificationCode: code, authCode },
    });
    expect(takenR.code).toBe(1002003001);

    // The wrong attempts did not burn the grant: the right code goes through.
    const ok = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      ...as(u),
      body: { mobile: next, verificationCode: code, authCode },
    });
    expect(ok.code).toBe(200);
    const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
    expect(row.mobile).toBe(next);

    // Every session ended (the client logs out and goes to /login).
    const after = await callApi('GET', '/system/sztk_user/profile/get', as(u));
    expect(after.code).toBe(401);

    // The grant and the code were single-use.
    const fresh = await issueTokens(u.userId, u.tenantId, { remember: true });
    const again = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      token: fresh.accessToken,
      tenantId: u.tenantId,
      body: { mobile: freshMobile(), verificationCode: code, authCode },
    });
    expect(again.code).toBe(1002003007);
  });

  it('validates the change form fields', async () => {
    const u = await user();
    const r = await callApi('PUT', '/system/user/profile/update-user-mobile', {
      ...as(u),
      body: { mobile: '1380000', verificationCode: '', authCode: 'x' },
    });
    expect(r.code).toBe(400);
  });
});

describe('account centre: password change', () => {
  it('needs the scene-4 code and a strong password; keeps this session and ends the others', async () => {
    const u = await user();
    const other = await issueTokens(u.userId, u.tenantId, { remember: true });
    const weak = await callApi('PUT', '/system/user/profile/reset-self-password', {
      ...as(u),
      body: { verificationCode: '123456', newPassword: 'abcdefgh' },
    });
    expect(weak.code).toBe(400);
    expect(weak.msg).toContain('密码必须包含字母和数字');
    const chinese = await callApi('PUT', '/system/user/profile/reset-self-password', {
      ...as(u),
      body: { verificationCode: '123456', newPassword: 'abc12345密码' },
    });
    expect(chinese.msg).toContain('密码不能包含中文字符');
    const code = await sendCode(u.mobile, 4, { token: u.accessToken });
    const wrong = await callApi('PUT', '/system/user/profile/reset-self-password', {
      ...as(u),
      body: { verificationCode: code === '000000' ? '111111' : '000000', newPassword: 'Abc12345' },
    });
    expect(wrong.code).toBe(1002014000);
    const ok = await callApi('PUT', '/system/user/profile/reset-self-password', {
      ...as(u),
      body: { verificationCode: code, newPassword: 'Abc12345' },
    });
    expect(ok.code).toBe(200);
    expect((await callApi('GET', '/system/sztk_user/profile/get', as(u))).code).toBe(200);
    const ended = await callApi('GET', '/system/sztk_user/profile/get', {
      token: other.accessToken,
      tenantId: u.tenantId,
    });
    expect(ended.code).toBe(401);
    const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
    const login = await passwordLogin(row.username, 'Abc12345');
    expect(login.code).toBe(200);
  });
});

describe('account centre: account deletion', () => {
  it('needs the own number and the scene-9 code, then frees the number and ends sessions', async () => {
    const u = await user();
    const notOwn = await callApi('DELETE', '/system/sztk_user/profile/delete-account', {
      ...as(u),
      body: { mobile: freshMobile(), verificationCode: '123456' },
    });
    expect(notOwn.code).toBe(1002014006);
    const code = await sendCode(u.mobile, 9, { token: u.accessToken });
    const wrong = await callApi('DELETE', '/system/sztk_user/profile/delete-account', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.code).toBe(1002014000);
    // A code of another scene does not delete the account.
    const loginCode = await sendCode(freshMobile(), 21);
    const otherScene = await callApi('DELETE', '/system/sztk_user/profile/delete-account', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: loginCode },
    });
    expect(otherScene.code).toBe(1002014000);
    const ok = await callApi('DELETE', '/system/sztk_user/profile/delete-account', {
      ...as(u),
      body: { mobile: u.mobile, verificationCode: code },
    });
    expect(ok.code).toBe(200);
    const [row] = await getDb().select().from(users).where(eq(users.id, u.userId));
    expect(row.deletedAt).not.toBeNull();
    expect(row.mobile).toBeNull();
    expect((await callApi('GET', '/system/sztk_user/profile/get', as(u))).code).toBe(401);
    // The number can be used by a new account.
    const reuse = await createTestUser({ mobile: u.mobile });
    expect(reuse.userId).not.toBe(u.userId);
  });

  it('refuses the deletion code to a signed-out caller', async () => {
    const r = await callApi('DELETE', '/system/sztk_user/profile/delete-account', {
      body: { mobile: freshMobile(), verificationCode: '123456' },
    });
    expect(r.code).toBe(401);
  });
});
