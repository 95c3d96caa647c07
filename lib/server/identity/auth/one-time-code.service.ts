import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform';
import { oneTimeCodes } from '@/db/schema';
import { hashToken } from './token.service';

export type OneTimeCodeKind =
  | 'auth_mobile'
  | 'bind_enterprise'
  | 'register'
  | 'wx_web_code'
  /** Hands a signed-in user over to the external park site (ADR 0060). */
  | 'park_entry'
  /** Hands a member over to a partner platform (ADR 0206). */
  | 'partner_entry';

export type OneTimeCodeRow = { userId: number | null; payload: Record<string, unknown> };

/** Mints a random single-use code; only its hash is stored. */
export async function mintOneTimeCode(
  kind: OneTimeCodeKind,
  opts: { userId?: number | null; payload?: Record<string, unknown>; ttlMs: number },
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await getDb()
    .insert(oneTimeCodes)
    .values({
      kind,
      codeHash: hashToken(code),
      userId: opts.userId ?? null,
      payload: opts.payload ?? {},
      expiresAt: new Date(Date.now() + opts.ttlMs),
    });
  return code;
}

/** Marks a code used and returns what it carried; null when unknown, expired or already used. */
export async function consumeOneTimeCode(
  kind: OneTimeCodeKind,
  code: string | null | undefined,
): Promise<OneTimeCodeRow | null> {
  if (!code || code.length > 200) return null;
  const [row] = await getDb()
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.kind, kind),
        eq(oneTimeCodes.codeHash, hashToken(code)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeCodes.userId, payload: oneTimeCodes.payload });
  if (!row) return null;
  return { userId: row.userId, payload: (row.payload ?? {}) as Record<string, unknown> };
}

/** Reads a live code without using it up (tickets that survive a failed attempt, e.g. bind-enterprise). */
export async function readOneTimeCode(
  kind: OneTimeCodeKind,
  code: string | null | undefined,
): Promise<OneTimeCodeRow | null> {
  if (!code || code.length > 200) return null;
  const [row] = await getDb()
    .select({ userId: oneTimeCodes.userId, payload: oneTimeCodes.payload })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.kind, kind),
        eq(oneTimeCodes.codeHash, hashToken(code)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { userId: row.userId, payload: (row.payload ?? {}) as Record<string, unknown> };
}

/** Records the user a live code led to (a register ticket that created an account). */
export async function attachUserToOneTimeCode(
  kind: OneTimeCodeKind,
  code: string,
  userId: number,
): Promise<void> {
  await getDb()
    .update(oneTimeCodes)
    .set({ userId })
    .where(
      and(
        eq(oneTimeCodes.kind, kind),
        eq(oneTimeCodes.codeHash, hashToken(code)),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}
