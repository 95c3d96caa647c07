import { config } from '@/lib/server/platform';
import { consumeOneTimeCode } from '../auth/one-time-code.service';
import type { WechatAdapter } from './wechat.adapter';

/**
 * Offline default: the QR encodes this app's own /PhonePage?ticket=… page, where a phone browser
 * confirms as its signed-in user or as a new demo WeChat identity. Web-login codes are minted by
 * that page too (one_time_codes kind wx_web_code).
 */
export function createDemoWechatAdapter(): WechatAdapter {
  return {
    kind: 'demo',
    createQrCode: async (ticket) => ({
      url: `${config.siteUrl}/PhonePage?ticket=${encodeURIComponent(ticket)}`,
    }),
    exchangeWebCode: async (code) => {
      const row = await consumeOneTimeCode('wx_web_code', code);
      const openid = row?.payload.openid;
      return typeof openid === 'string' ? { openid } : null;
    },
  };
}
