import { readFrameMessage } from '../frame-messages';

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
