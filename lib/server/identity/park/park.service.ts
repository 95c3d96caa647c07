import 'server-only';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  PARK_ENTRY_CODE_INVALID_MESSAGE,
  PARK_ENTRY_CODE_TTL_MS,
  PARK_NOT_CONFIGURED_MESSAGE,
  type ParkEntryIdentity,
} from '@/lib/shared/park/park.contract';
import { ApiError, type ClientInfo, config } from '@/lib/server/platform';
import { mintHandoffCode, redeemHandoffCode } from '../auth/handoff.service';

/** The configured park site when it is an http(s) address; '' otherwise (the tool says so). */
export function parkSiteUrl(): string {
  const raw = config.parkSiteUrl.trim();
  if (!raw) return '';
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/**
 * The park site address carrying a fresh one-time entry code for this user (ADR 0060). Only the
 * code travels in the URL: it is short-lived, single-use and grants nothing but the exchange below.
 */
export async function createParkEntryUrl(caller: {
  userId: number;
  tenantId: number | null;
}): Promise<{ url: string }> {
  const site = parkSiteUrl();
  if (!site) throw new ApiError(ERRORS.NOT_IMPLEMENTED.code, PARK_NOT_CONFIGURED_MESSAGE);
  const code = await mintHandoffCode('park_entry', caller, { ttlMs: PARK_ENTRY_CODE_TTL_MS });
  const url = new URL(site);
  url.searchParams.set('code', code);
  return { url: url.toString() };
}

/** Who an entry code was minted for; the code is used up. Unknown, expired or used → 400. */
export async function redeemParkEntryCode(
  code: string,
  client: ClientInfo,
): Promise<ParkEntryIdentity> {
  const redeemed = await redeemHandoffCode('park_entry', code, client);
  if (!redeemed) throw new ApiError(ERRORS.BAD_REQUEST.code, PARK_ENTRY_CODE_INVALID_MESSAGE);
  const { userId, tenantId, nickname } = redeemed.member;
  return { userId, tenantId, nickname };
}
