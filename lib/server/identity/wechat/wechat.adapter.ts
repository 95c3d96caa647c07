/** A WeChat identity: the official-account openid (and the unionid when the platform gives one). */
export type WechatIdentity = { openid: string; unionid?: string | null };

/**
 * The one interface of both WeChat adapters (ARCHITECTURE: real adapter, demo default).
 * - createQrCode: the content to draw as the QR for one of our tickets (scene_str = ticket).
 * - exchangeWebCode: the web-login code of /system/pcwx/fast/auth/login → identity, or null when
 *   invalid or already used.
 */
export type WechatAdapter = {
  readonly kind: 'demo' | 'wechat';
  createQrCode: (ticket: string, expireSeconds: number) => Promise<{ url: string }>;
  exchangeWebCode: (code: string) => Promise<WechatIdentity | null>;
};

/** Social type of a WeChat official account (spec 9: unbind type 31). */
export { SOCIAL_TYPE_WECHAT_MP } from '@/lib/shared/wechat/wechat.contract';

export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode?: number,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}
