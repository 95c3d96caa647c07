/** What the push channel sends to a browser: JSON {type, content} (API-NOTES, push channels). */
export type PushMessage = { type: string; content: unknown };

/** The NOTIFY payload on channel leadradar_push. */
export type PushEnvelope = {
  userId: number;
  /** Only sockets of these sessions (refresh token ids) receive it. */
  refreshTokenIds?: number[];
  /** Sockets of this session are skipped (e.g. the session that caused the message). */
  except?: number;
  /** Absent for a close-only envelope. */
  message?: PushMessage;
  /** After delivering `message` (if any), close the matching sockets: their session has ended. */
  close?: boolean;
};

export const PUSH_CHANNEL = 'leadradar_push';

/** The text that makes a browser show the forced-offline dialog (spec 4.1). */
export const OFFLINE_MESSAGE: PushMessage = { type: 'offline', content: '用户已在别处登录' };
