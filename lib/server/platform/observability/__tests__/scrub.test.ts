import { REDACTED, scrubText } from '../scrub';

describe('what never reaches a log, in free text (issue 37 item 2)', () => {
  it.each([
    ['验证码已发送到 13912345678', '验证码已发送到 139****5678'],
    [
      'scene 21 → 177****2009: 验证码 807458（10 分钟内有效）',
      `scene 21 → 177****2009: 验证码 ${REDACTED}（10 分钟内有效）`,
    ],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def', `Authorization: Bearer ${REDACTED}`],
    ['GET /x?token=abcdef123456&page=2', `GET /x?token=${REDACTED}&page=2`],
    ['login password=Demo@2026 failed', `login password=${REDACTED} failed`],
    ['cookie: leadradar_session=Fe26.2**abc; other=1', `cookie: ${REDACTED}`],
    ['session leadradar_session=Fe26.2**a1b2c3*d4', `session leadradar_session=${REDACTED}`],
    ['联系人 zhang.san@example.com', '联系人 z***@example.com'],
  ])('%s', (raw, logged) => {
    expect(scrubText(raw)).toBe(logged);
  });

  it('leaves ids, amounts and credit codes alone', () => {
    const text = '订单 202611290001 金额 12800.00 企业 91310000MA1FL8XQ30 用户 1024';
    expect(scrubText(text)).toBe(text);
  });
});
