import 'server-only';
import {
  closeSessionSockets,
  type PushMessage,
  partLogger,
} from '@/lib/server/platform/proxy-door';
import { revokeSessions } from './token.service';

/**
 * The one way sessions end (logout, a reused refresh token, a login elsewhere, password or phone
 * changes, role and membership changes, account and tenant deletion): their tokens are revoked and
 * their push sockets closed on every instance, so nothing of an ended session keeps working.
 */

/** Why a session ended, as refresh_tokens.revoked_reason records it. */
export type SessionEndReason =
  | 'logout'
  | 'reuse'
  | 'offline'
  | 'password'
  | 'mobile'
  | 'deleted'
  | 'role'
  | 'disabled'
  | 'removed'
  | 'tenant_deleted'
  | 'tenant_disabled';

export type EndSessionsOptions = {
  /** End only this session; otherwise every session of the user. */
  only?: number;
  /** Every session but this one (the one that changed the password). */
  keep?: number;
  /** Shown by the ended sessions' open tabs before their sockets close. */
  notice?: PushMessage;
  /**
   * Closed without the notice: the tab that made the change shows its own success message and
   * signs out by itself (spec 4.7), which a notice arriving first would cut short.
   */
  quiet?: number;
};

/** A notice that makes the tabs of an ended session sign out and say why. */
export function reloginNotice(content: string): PushMessage {
  return { type: 'relogin', content };
}

/** Ends sessions of a user (see EndSessionsOptions); returns the ids of those it ended. */
export async function endSessions(
  userId: number,
  reason: SessionEndReason,
  opts: EndSessionsOptions = {},
): Promise<number[]> {
  const ended = await revokeSessions(userId, reason, { only: opts.only, keep: opts.keep });
  const told = opts.notice ? ended.filter((id) => id !== opts.quiet) : [];
  const silent = ended.filter((id) => !told.includes(id));
  await closeSockets(userId, told, opts.notice);
  await closeSockets(userId, silent);
  return ended;
}

/** The tokens are already revoked: a failed push must not turn the change into an error. */
async function closeSockets(
  userId: number,
  refreshTokenIds: number[],
  notice?: PushMessage,
): Promise<void> {
  await closeSessionSockets(userId, refreshTokenIds, notice).catch((err: Error) =>
    partLogger('auth').warn(`closing sockets of ended sessions failed: ${err.message}`),
  );
}
