import { readFrameMessage, trustFrame } from '../frame-messages';

const own = 'https://app.example.cn';

describe('readFrameMessage', () => {
  it('reads the two platform messages from this origin', () => {
    expect(readFrameMessage({ origin: own, data: { type: 'LOGIN_PAGE_LOADED' } }, own)).toBe(
      'login-page-loaded',
    );
    expect(readFrameMessage({ origin: own, data: { type: 'APP_PAGE_LOADED', x: 1 } }, own)).toBe(
      'app-page-loaded',
    );
  });

  it('ignores other origins, other types and data that is not an object', () => {
    const other = 'https://evil.example.com';
    expect(
      readFrameMessage({ origin: other, data: { type: 'LOGIN_PAGE_LOADED' } }, own),
    ).toBeNull();
    expect(readFrameMessage({ origin: own, data: { type: 'SOMETHING' } }, own)).toBeNull();
    expect(readFrameMessage({ origin: own, data: 'LOGIN_PAGE_LOADED' }, own)).toBeNull();
    expect(readFrameMessage({ origin: own, data: null }, own)).toBeNull();
  });
});

describe('partner frames (ADR 0206)', () => {
  const partner = 'https://partner.example.cn';
  const frameWindow = { name: 'the partner frame' };
  const login = { type: 'LOGIN_PAGE_LOADED' };

  it('hears a partner frame only while it is open, and only from that window', () => {
    expect(readFrameMessage({ origin: partner, data: login, source: frameWindow }, own)).toBeNull();
    const stop = trustFrame(partner, (s) => s === frameWindow);
    expect(readFrameMessage({ origin: partner, data: login, source: frameWindow }, own)).toBe(
      'login-page-loaded',
    );
    // Same origin, another window (a popup of the partner's, another frame): ignored.
    expect(readFrameMessage({ origin: partner, data: login, source: {} }, own)).toBeNull();
    // The frame's window, another origin (it navigated away): ignored.
    expect(
      readFrameMessage(
        { origin: 'https://evil.example.com', data: login, source: frameWindow },
        own,
      ),
    ).toBeNull();
    stop();
    expect(readFrameMessage({ origin: partner, data: login, source: frameWindow }, own)).toBeNull();
  });

  it('ignores unknown types and shapes from a trusted frame', () => {
    const stop = trustFrame(partner, () => true);
    const read = (data: unknown) => readFrameMessage({ origin: partner, data }, own);
    expect(read({ type: 'APP_PAGE_LOADED', page: 'report' })).toBe('app-page-loaded');
    expect(read({ type: 'LOGOUT' })).toBeNull();
    expect(read({ type: 'login_page_loaded' })).toBeNull();
    expect(read(['LOGIN_PAGE_LOADED'])).toBeNull();
    expect(read({ type: 'LOGIN_PAGE_LOADED', nested: { token: 'x' } })).toBeNull();
    expect(
      read(
        Object.fromEntries([
          ['type', 'LOGIN_PAGE_LOADED'],
          ...Array.from({ length: 9 }, (_, i) => [`f${i}`, i]),
        ]),
      ),
    ).toBeNull();
    expect(read({ type: { toString: () => 'LOGIN_PAGE_LOADED' } })).toBeNull();
    stop();
  });
});
