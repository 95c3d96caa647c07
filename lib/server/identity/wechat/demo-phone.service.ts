import 'server-only';
import { randomBytes } from 'node:crypto';
import { maskMobile } from '@/lib/shared/validation';
import type { DemoWebCode, PhoneTicketInfo } from '@/lib/shared/wechat/wechat.contract';
import { type AuthContext, apiError, config } from '@/lib/server/platform';
import { mintOneTimeCode } from '../auth/one-time-code.service';
import { findActiveUserById } from '../user/user.repository';
import { bindSocial, boundOpenid, findTicket, handleScan, isLive, QR_STATUS } from './qr.service';
import { getWechatAdapter } from './wechat.config';

/**
 * The demo phone page (/PhonePage?ticket=…) stands in for WeChat on the phone; its endpoints only
 * exist while the demo adapter is in use.
 */

function newDemoOpenid(): string {
  return `demo_${randomBytes(12).toString('base64url')}`;
}

function requireDemoAdapter(): void {
  if (getWechatAdapter().kind !== 'demo') throw apiError('NOT_IMPLEMENTED');
}

/** The signed-in phone user's demo identity, created on first use. */
async function demoIdentityOf(userId: number): Promise<string> {
  const existing = await boundOpenid(userId);
  if (existing) return existing;
  const openid = newDemoOpenid();
  await bindSocial(userId, { openid });
  return openid;
}

/** A live ticket, or 1002000009 with data 0. */
async function requireLiveTicket(ticket: string): Promise<void> {
  const row = await findTicket(ticket);
  if (!row || !isLive(row)) throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
}

export async function phoneTicketInfo(
  ticket: string,
  auth: AuthContext | null,
): Promise<PhoneTicketInfo> {
  requireDemoAdapter();
  const row = await findTicket(ticket);
  if (!row) throw apiError('AUTH_QR_TICKET_EXPIRED', undefined, QR_STATUS.expired);
  const me = auth ? await findActiveUserById(auth.userId) : null;
  return {
    scene: row.scene,
    status: isLive(row) || row.status !== QR_STATUS.waiting ? row.status : QR_STATUS.expired,
    expiresTime: row.expiresAt.getTime(),
    currentUser: me
      ? {
          nickname: me.nickname,
          mobile: maskMobile(me.mobile),
          boundOpenid: await boundOpenid(me.id),
        }
      : null,
  };
}

/** Scans as the browser's signed-in user (for a bind ticket: status 3 if it is someone else's). */
export async function confirmScanAsUser(ticket: string, userId: number): Promise<number> {
  requireDemoAdapter();
  await requireLiveTicket(ticket);
  const openid = await demoIdentityOf(userId);
  return handleScan(ticket, { openid });
}

/** Scans with a brand-new WeChat identity. */
export async function scanAsNewIdentity(ticket: string): Promise<number> {
  requireDemoAdapter();
  await requireLiveTicket(ticket);
  return handleScan(ticket, { openid: newDemoOpenid() });
}

/** A one-time web-authorisation code for /system/pcwx/fast/auth/login, valid 5 minutes. */
export async function mintDemoWebCode(
  newIdentity: boolean,
  auth: AuthContext | null,
): Promise<DemoWebCode> {
  requireDemoAdapter();
  const openid = auth && !newIdentity ? await demoIdentityOf(auth.userId) : newDemoOpenid();
  const code = await mintOneTimeCode('wx_web_code', {
    payload: { openid },
    ttlMs: 5 * 60 * 1000,
  });
  const state = randomBytes(8).toString('hex');
  return {
    code,
    state,
    loginUrl: `${config.siteUrl}/login?code=${encodeURIComponent(code)}&state=${state}`,
  };
}
