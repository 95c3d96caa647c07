import { ERRORS } from '@/lib/shared/api/error-codes';
import { apiErrorDisplay } from '../api-error-reaction';

describe('the global reaction to an API error code (spec section 8)', () => {
  it('rejects 1002029000 and 1002029001 silently: no toast, no notification', () => {
    expect(apiErrorDisplay(1002029000)).toBe('none');
    expect(apiErrorDisplay(1002029001)).toBe('none');
    expect(ERRORS.JOIN_ALREADY_MEMBER.reaction).toBe('silent');
    expect(ERRORS.JOIN_ALREADY_PENDING.reaction).toBe('silent');
  });

  it('leaves the QR-login flow codes to the login modal, 1002000008 included', () => {
    for (const code of [
      1002000005, 1002000008, 1002000009, 1002000010, 1002000011, 1002003003, 1002000015,
    ])
      expect([code, apiErrorDisplay(code)]).toEqual([code, 'none']);
  });

  it('shows the other codes as the spec says', () => {
    expect(apiErrorDisplay(401)).toBe('relogin');
    expect(apiErrorDisplay(403)).toBe('notification');
    expect(apiErrorDisplay(500)).toBe('errorMessage');
    expect(apiErrorDisplay(501)).toBe('persistent');
    expect(apiErrorDisplay(901)).toBe('warningMessage');
    expect(apiErrorDisplay(1002029003)).toBe('successNotice');
    expect(apiErrorDisplay(1004011000)).toBe('quotaDialog');
    expect(apiErrorDisplay(1004011001)).toBe('quotaDialog');
    expect(apiErrorDisplay(1010006011)).toBe('none');
    expect(apiErrorDisplay(1002000013)).toBe('notification');
    expect(apiErrorDisplay(123456)).toBe('notification');
  });
});
