import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  EXCHANGE_MAX_SKEW_S,
  exchangeSigningText,
  findPartnerPage,
  PARTNER_CODE_TTL_MS,
  partnerForRedirect,
  type PartnerPlatform,
} from '@/lib/shared/partner/partner-settings';
import {
  PARTNER_CODE_INVALID_MESSAGE,
  PARTNER_REDIRECT_REFUSED_MESSAGE,
  PARTNER_SIGNATURE_INVALID_MESSAGE,
  type PartnerIdentity,
} from '@/lib/shared/partner/partner.contract';
import {
  ApiError,
  audit,
  type ClientInfo,
  partLogger,
  partnerPlatforms,
} from '@/lib/server/platform';
import { mintHandoffCode, redeemHandoffCode } from '../auth/handoff.service';

/**
 * The partner platforms' sign-in (issue 35, ADR 0206), the second kind of hand-off: a member
 * leaves for a configured partner address with a one-time code bound to member, tenant and
 * partner; the partner's server redeems it with a signed request.
 */

/** The configured partner that owns this address, or null (any other address is refused). */
export function partnerOfRedirect(redirectUrl: string): PartnerPlatform | null {
  return partnerForRedirect(redirectUrl, partnerPlatforms());
}

/** What a workspace frame shows: the partner page's title, origin and the frame's address. */
export type PartnerFrameView = {
  title: string;
  partnerName: string;
  origin: string;
  frameSrc: string;
};

/**
 * The partner page at a workspace address (/common/report), or null (a 404). The frame opens
 * this app's /tanji/auth, which sends the member on to the partner's sign-in endpoint with a code
 * and the page to show: the frame's address holds no code and nothing of the session.
 */
export function partnerPageAt(section: string, src: string): PartnerFrameView | null {
  const found = findPartnerPage(partnerPlatforms(), section, src);
  if (!found) return null;
  const { partner, page } = found;
  const signIn = new URL(partner.signInPath, partner.origin);
  signIn.searchParams.set('next', page.path);
  return {
    title: page.title,
    partnerName: partner.name,
    origin: partner.origin,
    frameSrc: `/tanji/auth?redirectUrl=${encodeURIComponent(signIn.toString())}`,
  };
}

/** Spec 7.1 GET /tanji/auth: the partner address with a fresh sign-in code for this member. */
export async function issuePartnerCode(
  caller: { userId: number; tenantId: number | null },
  redirectUrl: string,
): Promise<{ url: string }> {
  const partner = partnerOfRedirect(redirectUrl);
  if (!partner) throw new ApiError(ERRORS.BAD_REQUEST.code, PARTNER_REDIRECT_REFUSED_MESSAGE);
  const code = await mintHandoffCode('partner_entry', caller, {
    ttlMs: PARTNER_CODE_TTL_MS,
    bind: { partnerId: partner.id },
  });
  const url = new URL(redirectUrl);
  url.searchParams.set('code', code);
  return { url: url.toString() };
}

/** The hex HMAC a partner sends with an exchange. */
export function signExchange(secret: string, partnerId: string, timestamp: number, code: string) {
  return createHmac('sha256', secret)
    .update(exchangeSigningText(partnerId, timestamp, code))
    .digest('hex');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A refused exchange is worth knowing about: logged and kept in the audit log. */
async function refuse(
  reason: string,
  partnerId: string,
  client: ClientInfo,
  message: string,
  code: number,
): Promise<never> {
  partLogger('partner').warn(`合作平台换取登录码被拒绝：${reason}（${partnerId}）`);
  await audit('partner.exchange_refused', { target: partnerId, detail: { reason }, client });
  throw new ApiError(code, message);
}

/**
 * The partner's server redeems a code: signed by that partner's secret, within the allowed clock
 * skew, minted for that partner, not used before and not older than 60 s.
 */
export async function exchangePartnerCode(
  body: { partnerId: string; code: string; timestamp: number; signature: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<PartnerIdentity> {
  const { partnerId, code, timestamp, signature } = body;
  const unauthorised = ERRORS.UNAUTHORIZED.code;
  const partner = partnerPlatforms().find((p) => p.id === partnerId);
  if (!partner)
    return refuse(
      'unknown partner',
      partnerId,
      client,
      PARTNER_SIGNATURE_INVALID_MESSAGE,
      unauthorised,
    );
  if (!signature)
    return refuse('unsigned', partnerId, client, PARTNER_SIGNATURE_INVALID_MESSAGE, unauthorised);
  if (!sameSignature(signExchange(partner.secret, partnerId, timestamp, code), signature))
    return refuse(
      'bad signature',
      partnerId,
      client,
      PARTNER_SIGNATURE_INVALID_MESSAGE,
      unauthorised,
    );
  if (Math.abs(now / 1000 - timestamp) > EXCHANGE_MAX_SKEW_S)
    return refuse(
      'stale timestamp',
      partnerId,
      client,
      PARTNER_SIGNATURE_INVALID_MESSAGE,
      unauthorised,
    );
  const redeemed = await redeemHandoffCode('partner_entry', code, client);
  const badCode = ERRORS.BAD_REQUEST.code;
  if (!redeemed)
    return refuse(
      'unknown, expired or used code',
      partnerId,
      client,
      PARTNER_CODE_INVALID_MESSAGE,
      badCode,
    );
  // A code minted for another partner is used up all the same: it was shown to the wrong party.
  if (redeemed.bound.partnerId !== partnerId)
    return refuse(
      'code of another partner',
      partnerId,
      client,
      PARTNER_CODE_INVALID_MESSAGE,
      badCode,
    );
  const { member } = redeemed;
  if (member.tenantId === null)
    return refuse(
      'member without tenant',
      partnerId,
      client,
      PARTNER_CODE_INVALID_MESSAGE,
      badCode,
    );
  return { ...member, tenantId: member.tenantId };
}
