import { isPhoneRequest } from '../phone-hint';

describe('isPhoneRequest (the workspace frame’s first render on phones)', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const ANDROID_PHONE =
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
  const ANDROID_TABLET =
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const IPAD =
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const DESKTOP =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

  it('takes the browser’s own answer first', () => {
    expect(isPhoneRequest(DESKTOP, '?1')).toBe(true);
    expect(isPhoneRequest(IPHONE, '?0')).toBe(false);
  });

  it('reads phones from the user agent, and tablets and desktops as wide', () => {
    expect(isPhoneRequest(IPHONE, null)).toBe(true);
    expect(isPhoneRequest(ANDROID_PHONE, null)).toBe(true);
    expect(isPhoneRequest(ANDROID_TABLET, null)).toBe(false);
    expect(isPhoneRequest(IPAD, null)).toBe(false);
    expect(isPhoneRequest(DESKTOP, null)).toBe(false);
    expect(isPhoneRequest(null, null)).toBe(false);
  });
});
