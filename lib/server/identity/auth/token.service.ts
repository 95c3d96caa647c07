import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { clockDate, getDb, serverClock, sqlNow } from '@/lib/server/platform/proxy-door';
import type { DbOrTx } from '../user/user.repository';
import { accessTokens, refreshTokenRotations, refreshTokens, tenants, users } from '@/db/schema';

export const ACCESS_TOKEN_TTL_MS = 30 * 60 * 1000;
export const REFRESH_TOKEN_TTL_REMEMBER_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_TOKEN_TTL_MS = 24 * 3600 * 1000;

export type IssuedTokens = {
  userId: number;
  tenantId: number | null;
  accessToken: string;
  refreshToken: string;
  /** Access token expiry, epoch milliseconds. */
  expiresTime: number;
  refreshTokenId: number;
};

export type TokenIdentity = {
  userId: number;
  tenantId: number | null;
  accessTokenId: number;
  refreshTokenId: number;
};

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session: a refresh token (30 days with remember-me, else 1 day) and an access token. */
export async function issueTokens(
  userId: number,
  tenantId: number | null,
  opts: { remember: boolean; ip?: string | null; userAgent?: string | null },
): Promise<IssuedTokens> {
  const db = getDb();
  const refreshToken = newToken();
  const now = serverClock.now();
  const [row] = await db
    .insert(refreshTokens)
    .values({
      tokenHash: hashToken(refreshToken),
      userId,
      tenantId,
      remember: opts.remember,
      createdAt: new Date(now),
      expiresAt: new Date(
        now + (opts.remember ? REFRESH_TOKEN_TTL_REMEMBER_MS : REFRESH_TOKEN_TTL_MS),
      ),
      clientIp: opts.ip ?? null,
      userAgent: opts.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: refreshTokens.id });
  const access = await issueAccessToken(row.id, userId, tenantId);
  return { userId, tenantId, refreshToken, refreshTokenId: row.id, ...access };
}

async function issueAccessToken(
  refreshTokenId: number,
  userId: number,
  tenantId: number | null,
  db: DbOrTx = getDb(),
) {
  const accessToken = newToken();
  const expiresTime = serverClock.now() + ACCESS_TOKEN_TTL_MS;
  await db.insert(accessTokens).values({
    tokenHash: hashToken(accessToken),
    refreshTokenId,
    userId,
    tenantId,
    expiresAt: new Date(expiresTime),
  });
  return { accessToken, expiresTime };
}

/** Resolves a bearer token; null when unknown, expired or revoked (directly or via its refresh token). */
export async function verifyAccessToken(token: string): Promise<TokenIdentity | null> {
  if (!token || token.length > 200) return null;
  const rows = await getDb()
    .select({
      userId: accessTokens.userId,
      tenantId: accessTokens.tenantId,
      accessTokenId: accessTokens.id,
      refreshTokenId: accessTokens.refreshTokenId,
    })
    .from(accessTokens)
    .innerJoin(refreshTokens, eq(refreshTokens.id, accessTokens.refreshTokenId))
    // A disabled or deleted account's token is refused on its next request, even if ending its
    // sessions failed half-way.
    .innerJoin(users, eq(users.id, accessTokens.userId))
    // Nor is a token into a tenant the platform disabled (issue 29 item 5), however it was issued.
    .leftJoin(tenants, eq(tenants.id, accessTokens.tenantId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sqlNow()),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sqlNow()),
        eq(users.status, 0),
        isNull(users.deletedAt),
        or(isNull(accessTokens.tenantId), eq(tenants.status, 0)),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A session: the refresh token row every access token of it hangs off. */
export type SessionRef = { userId: number; refreshTokenId: number };

/**
 * rotated: a new access and refresh token (the one presented is used up);
 * reused: the token was already used, so a copy exists: the caller ends `session`;
 * invalid: unknown, expired, revoked, or its user can no longer sign in.
 */
export type RefreshOutcome =
  | { status: 'rotated'; tokens: IssuedTokens }
  | { status: 'reused'; session: SessionRef }
  | { status: 'invalid' };

/** The live session whose current refresh token this is, with the user's tenant now. */
async function liveSessionOf(refreshToken: string) {
  const [row] = await getDb()
    .select({
      refreshTokenId: refreshTokens.id,
      userId: refreshTokens.userId,
      tenantId: users.tenantId,
      status: users.status,
      tenantStatus: tenants.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sqlNow()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  // A member of a disabled tenant cannot refresh into it (issue 29 item 5).
  return row && row.status === 0 && (row.tenantStatus ?? 0) === 0 ? row : null;
}

/** The live session a used-up refresh token belonged to. */
async function liveSessionOfUsedToken(refreshToken: string): Promise<SessionRef | null> {
  const [row] = await getDb()
    .select({ refreshTokenId: refreshTokens.id, userId: refreshTokens.userId })
    .from(refreshTokenRotations)
    .innerJoin(refreshTokens, eq(refreshTokens.id, refreshTokenRotations.refreshTokenId))
    .where(
      and(
        eq(refreshTokenRotations.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The live session a refresh token names, current or already used (logout accepts either). */
export async function sessionOfRefreshToken(refreshToken: string): Promise<SessionRef | null> {
  if (!refreshToken || refreshToken.length > 200) return null;
  const live = await liveSessionOf(refreshToken);
  if (live) return { userId: live.userId, refreshTokenId: live.refreshTokenId };
  return liveSessionOfUsedToken(refreshToken);
}

/**
 * How long a used-up refresh token may still come back from a request that raced the rotation on
 * another instance (several tabs or parallel requests over connections that landed on different
 * processes): it gets the pair the rotation made, not the end of the session (ADR 0210).
 */
export const ROTATION_GRACE_MS = 30_000;

/** AES-256-GCM under a key derived from the session secret; null without one (no grace then). */
function rotationKey(): Buffer | null {
  const secret = process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) return null;
  return createHash('sha256').update(`refresh-rotation:${secret}`).digest();
}

function sealNextToken(token: string): string | null {
  const key = rotationKey();
  if (!key) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unsealNextToken(sealed: string): string | null {
  const key = rotationKey();
  if (!key) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A used-up token presented within the grace window, whose replacement is still the session's
 * current token: a straggler of the same browser. It gets that replacement and an access token of
 * its own; anything else (later, or after a further rotation) is a copy.
 */
async function stragglerRotation(refreshToken: string): Promise<IssuedTokens | null> {
  const [row] = await getDb()
    .select({ sealed: refreshTokenRotations.nextTokenSealed })
    .from(refreshTokenRotations)
    .where(
      and(
        eq(refreshTokenRotations.tokenHash, hashToken(refreshToken)),
        // Within the grace on the server clock; a rotation stamped "later" (the clock went
        // back) is past it, so a used-up token never comes back.
        sql`${refreshTokenRotations.rotatedAt} between ${sqlNow(new Date(serverClock.now() - ROTATION_GRACE_MS))} and ${sqlNow()}`,
      ),
    )
    .limit(1);
  const next = row?.sealed ? unsealNextToken(row.sealed) : null;
  const live = next ? await liveSessionOf(next) : null;
  if (!next || !live) return null;
  const access = await issueAccessToken(live.refreshTokenId, live.userId, live.tenantId);
  return {
    userId: live.userId,
    tenantId: live.tenantId,
    refreshToken: next,
    refreshTokenId: live.refreshTokenId,
    ...access,
  };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token; the presented one is
 * used up and the session's older access tokens are revoked. The tenant comes from the user row,
 * so binding an enterprise takes effect at the next refresh. Of two exchanges of one token only
 * the first wins; the second counts as reuse.
 */
export async function rotateRefreshToken(refreshToken: string): Promise<RefreshOutcome> {
  if (!refreshToken || refreshToken.length > 200) return { status: 'invalid' };
  const live = await liveSessionOf(refreshToken);
  if (!live) {
    const straggler = await stragglerRotation(refreshToken);
    if (straggler) return { status: 'rotated', tokens: straggler };
    const session = await liveSessionOfUsedToken(refreshToken);
    return session ? { status: 'reused', session } : { status: 'invalid' };
  }
  const { refreshTokenId, userId, tenantId } = live;
  const nextRefreshToken = newToken();
  const access = await getDb().transaction(async (tx) => {
    const swapped = await tx
      .update(refreshTokens)
      .set({ tokenHash: hashToken(nextRefreshToken), ...(tenantId !== null ? { tenantId } : {}) })
      .where(
        and(
          eq(refreshTokens.id, refreshTokenId),
          eq(refreshTokens.tokenHash, hashToken(refreshToken)),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (swapped.length === 0) return null;
    await tx.insert(refreshTokenRotations).values({
      tokenHash: hashToken(refreshToken),
      refreshTokenId,
      rotatedAt: clockDate(),
      nextTokenSealed: sealNextToken(nextRefreshToken),
    });
    // Earlier rotations of the session are past their grace: their sealed tokens go.
    await tx
      .update(refreshTokenRotations)
      .set({ nextTokenSealed: null })
      .where(
        and(
          eq(refreshTokenRotations.refreshTokenId, refreshTokenId),
          ne(refreshTokenRotations.tokenHash, hashToken(refreshToken)),
          sql`${refreshTokenRotations.nextTokenSealed} is not null`,
        ),
      );
    await tx
      .update(accessTokens)
      .set({ revokedAt: sqlNow() })
      .where(and(eq(accessTokens.refreshTokenId, refreshTokenId), isNull(accessTokens.revokedAt)));
    return issueAccessToken(refreshTokenId, userId, tenantId, tx);
  });
  if (!access) return { status: 'reused', session: { userId, refreshTokenId } };
  return {
    status: 'rotated',
    tokens: { userId, tenantId, refreshToken: nextRefreshToken, refreshTokenId, ...access },
  };
}

/**
 * Revokes sessions of a user and their access tokens: just `only`, or every one but `keep`.
 * Returns the ids it revoked (sessions already ended are not counted again). Callers end
 * sessions through session-end.ts, which also closes their sockets.
 */
export async function revokeSessions(
  userId: number,
  reason: string,
  scope: { only?: number; keep?: number } = {},
): Promise<number[]> {
  const db = getDb();
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (scope.only !== undefined) conditions.push(eq(refreshTokens.id, scope.only));
  if (scope.keep !== undefined) conditions.push(ne(refreshTokens.id, scope.keep));
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sqlNow(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: refreshTokens.id });
  const ids = revoked.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .update(accessTokens)
      .set({ revokedAt: sqlNow() })
      .where(and(inArray(accessTokens.refreshTokenId, ids), isNull(accessTokens.revokedAt)));
  }
  return ids;
}
