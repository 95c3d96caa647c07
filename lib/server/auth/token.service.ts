import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { accessTokens, refreshTokens, users } from '@/db/schema';

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
  const now = Date.now();
  const [row] = await db
    .insert(refreshTokens)
    .values({
      tokenHash: hashToken(refreshToken),
      userId,
      tenantId,
      remember: opts.remember,
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

async function issueAccessToken(refreshTokenId: number, userId: number, tenantId: number | null) {
  const accessToken = newToken();
  const expiresTime = Date.now() + ACCESS_TOKEN_TTL_MS;
  await getDb()
    .insert(accessTokens)
    .values({
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
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql`now()`),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Issues a new access token from a refresh token and revokes the older access tokens of it.
 * The tenant comes from the user row, so binding an enterprise takes effect at the next refresh.
 */
export async function refreshAccessToken(refreshToken: string): Promise<IssuedTokens | null> {
  if (!refreshToken || refreshToken.length > 200) return null;
  const db = getDb();
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      tenantId: users.tenantId,
      status: users.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row || row.status !== 0) return null;
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.refreshTokenId, row.id), isNull(accessTokens.revokedAt)));
  if (row.tenantId !== null) {
    await db
      .update(refreshTokens)
      .set({ tenantId: row.tenantId })
      .where(eq(refreshTokens.id, row.id));
  }
  const access = await issueAccessToken(row.id, row.userId, row.tenantId);
  return {
    userId: row.userId,
    tenantId: row.tenantId,
    refreshToken,
    refreshTokenId: row.id,
    ...access,
  };
}

/** Ends one session (logout). */
export async function revokeSession(refreshTokenId: number, reason: string): Promise<void> {
  const db = getDb();
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokens.id, refreshTokenId), isNull(refreshTokens.revokedAt)));
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.refreshTokenId, refreshTokenId), isNull(accessTokens.revokedAt)));
}

/**
 * Ends every session of a user except `keepRefreshTokenId` (forced offline, password change,
 * account deletion). Returns the revoked refresh token ids so their sockets can be told.
 */
export async function revokeUserSessions(
  userId: number,
  reason: string,
  keepRefreshTokenId?: number,
): Promise<number[]> {
  const db = getDb();
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepRefreshTokenId !== undefined) conditions.push(ne(refreshTokens.id, keepRefreshTokenId));
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: refreshTokens.id });
  const ids = revoked.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .update(accessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(accessTokens.refreshTokenId, ids), isNull(accessTokens.revokedAt)));
  }
  return ids;
}
