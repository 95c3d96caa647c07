import { eq } from 'drizzle-orm';
import { feedbacks } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { createFeedback, logTrackEvent } from '@/lib/shared/track/track.contract';
import { callContract, createTestUser, useUpRateLimit } from '@/test/helpers/api';

describe('POST /system/feedback/create', () => {
  it('stores the feedback with its author, tenant and page', async () => {
    const user = await createTestUser();
    const r = await callContract(
      createFeedback,
      {
        body: {
          content: '  搜索结果希望能按注册资本排序  ',
          contact: '13800000000',
          pagePath: '/x',
        },
      },
      { token: user.accessToken, ip: '10.9.0.1' },
    );
    expect(r.code).toBe(200);
    const [row] = await getDb().select().from(feedbacks).where(eq(feedbacks.id, r.data));
    expect(row).toMatchObject({
      userId: user.userId,
      tenantId: user.tenantId,
      content: '搜索结果希望能按注册资本排序',
      contact: '13800000000',
      pagePath: '/x',
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a visitor', async () => {
    const r = await callContract(createFeedback, { body: { content: '匿名的反馈内容' } });
    expect(r.code).toBe(401);
  });

  it.each([
    ['too short a text', { content: '太短' }, '反馈内容至少 5 个字符'],
    ['too long a text', { content: '很'.repeat(501) }, '反馈内容最多 500 个字符'],
    [
      'too long a contact',
      { content: '有效的反馈内容', contact: '1'.repeat(51) },
      '联系方式最多 50 个字符',
    ],
    [
      'too long a page',
      { content: '有效的反馈内容', pagePath: `/${'a'.repeat(200)}` },
      '页面地址过长',
    ],
  ])('refuses %s with a clear message', async (_case, body, msg) => {
    const user = await createTestUser();
    const r = await callContract(createFeedback, { body }, { token: user.accessToken });
    expect(r.code).toBe(400);
    expect(r.msg).toBe(msg);
  });

  it('is rate-limited per IP', async () => {
    const user = await createTestUser();
    await useUpRateLimit('feedback:ip:10.9.0.2', 20, 3600_000);
    const r = await callContract(
      createFeedback,
      { body: { content: '再提交一条反馈' } },
      { token: user.accessToken, ip: '10.9.0.2' },
    );
    expect(r.code).toBe(429);
  });
});

describe('POST /system/track-log/log (page views)', () => {
  it('accepts a page view from a visitor and from a user', async () => {
    const user = await createTestUser();
    const body = { event: 'page_view', path: '/companySearch' };
    expect((await callContract(logTrackEvent, { body })).data).toBe(true);
    expect((await callContract(logTrackEvent, { body }, { token: user.accessToken })).data).toBe(
      true,
    );
  });
});
