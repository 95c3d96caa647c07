import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import { apiError, type ClientInfo, getDb, hitRateLimit } from '@/lib/server/platform';
import { effectiveEdition } from '../tenant/tenant.service';
import { consumeOneTimeCode, mintOneTimeCode } from './one-time-code.service';

/**
 * Hand-offs to outside sites (ADR 0060, 0206): a signed-in member leaves with a 60-second,
 * single-use code in the address, never a token, and the site's server redeems it for who the
 * member is. Two kinds: the park site (public exchange) and the partner platforms (signed
 * exchange, bound to one partner). Both mint and redeem here.
 */
export type HandoffKind = 'park_entry' | 'partner_entry';

/** Redemptions per IP and minute: a site's server calls once per click, guessing gets nowhere. */
const REDEEM_LIMIT_PER_MINUTE = 60;

export type HandoffMember = {
  userId: number;
  tenantId: number | null;
  nickname: string;
  tenantName: string;
  /** The tenant's edition while it runs, else the free one (0). */
  edition: number;
};

/** A code for this member, carrying what the kind binds it to besides the member and tenant. */
export function mintHandoffCode(
  kind: HandoffKind,
  caller: { userId: number; tenantId: number | null },
  opts: { ttlMs: number; bind?: Record<string, string> },
): Promise<string> {
  return mintOneTimeCode(kind, {
    userId: caller.userId,
    payload: { tenantId: caller.tenantId, ...opts.bind },
    ttlMs: opts.ttlMs,
  });
}

/**
 * Uses a code up and answers the member it was minted for, with what it was bound to; null when
 * unknown, expired, used, or the member was disabled or removed since.
 */
export async function redeemHandoffCode(
  kind: HandoffKind,
  code: string,
  client: ClientInfo,
): Promise<{ member: HandoffMember; bound: Record<string, unknown> } | null> {
  const limit = await hitRateLimit(`${kind}:ip:${client.ip}`, REDEEM_LIMIT_PER_MINUTE, 60_000);
  if (!limit.allowed) throw apiError('TOO_MANY_REQUESTS');
  const row = await consumeOneTimeCode(kind, code);
  if (!row?.userId) return null;
  const { tenantId: minted, ...bound } = row.payload;
  const tenantId = typeof minted === 'number' ? minted : null;
  const [user] = await getDb()
    .select({
      id: users.id,
      tenantId: users.tenantId,
      nickname: users.nickname,
      tenantName: tenants.name,
      edition: tenants.edition,
      editionExpiresAt: tenants.editionExpiresAt,
    })
    .from(users)
    .leftJoin(
      tenants,
      tenantId !== null ? eq(tenants.id, tenantId) : eq(tenants.id, users.tenantId),
    )
    .where(and(eq(users.id, row.userId), eq(users.status, 0), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  return {
    member: {
      userId: user.id,
      tenantId: tenantId ?? user.tenantId,
      nickname: user.nickname,
      tenantName: user.tenantName ?? '',
      edition: effectiveEdition({
        edition: user.edition ?? 0,
        editionExpiresAt: user.editionExpiresAt,
      }),
    },
    bound,
  };
}
