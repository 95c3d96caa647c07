import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  PARK_ENTRY_CODE_INVALID_MESSAGE,
  PARK_ENTRY_CODE_TTL_MS,
  PARK_NOT_CONFIGURED_MESSAGE,
  type ParkEntryIdentity,
} from '@/lib/shared/park/park.contract';
import {
  ApiError,
  apiError,
  type ClientInfo,
  config,
  getDb,
  hitRateLimit,
} from '@/lib/server/platform';
import { consumeOneTimeCode, mintOneTimeCode } from '../auth/one-time-code.service';

/** Exchanges per IP and minute: the park site's server calls once per click, guessing gets nowhere. */
const EXCHANGE_LIMIT_PER_MINUTE = 60;

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
  const code = await mintOneTimeCode('park_entry', {
    userId: caller.userId,
    payload: { tenantId: caller.tenantId },
    ttlMs: PARK_ENTRY_CODE_TTL_MS,
  });
  const url = new URL(site);
  url.searchParams.set('code', code);
  return { url: url.toString() };
}

/** Who an entry code was minted for; the code is used up. Unknown, expired or used → 400. */
export async function redeemParkEntryCode(
  code: string,
  client: ClientInfo,
): Promise<ParkEntryIdentity> {
  const limit = await hitRateLimit(`park-entry:ip:${client.ip}`, EXCHANGE_LIMIT_PER_MINUTE, 60_000);
  if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
  const row = await consumeOneTimeCode('park_entry', code);
  const invalid = () => new ApiError(ERRORS.BAD_REQUEST.code, PARK_ENTRY_CODE_INVALID_MESSAGE);
  if (!row?.userId) throw invalid();
  // A user disabled or removed since the click is not handed over.
  const [user] = await getDb()
    .select({ id: users.id, tenantId: users.tenantId, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.id, row.userId), eq(users.status, 0), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw invalid();
  const tenantId = typeof row.payload.tenantId === 'number' ? row.payload.tenantId : user.tenantId;
  return { userId: user.id, tenantId, nickname: user.nickname };
}
