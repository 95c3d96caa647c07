import type { QrTicketInfo as QrTicket } from '@/lib/shared/wechat/wechat.contract';

/** Spec 4.2: the QR ticket is kept in local storage for 10 minutes. */
export const QR_TICKET_LIFETIME_MS = 10 * 60 * 1000;
const KEY = 'leadradar.loginQrTicket';

export type StoredQrTicket = { ticket: string; url: string; expiresAt: number };

export function readStoredTicket(now = Date.now()): StoredQrTicket | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as StoredQrTicket;
    if (typeof v.ticket !== 'string' || typeof v.url !== 'string' || !(v.expiresAt > now))
      return null;
    return v;
  } catch {
    return null;
  }
}

export function storeTicket(t: QrTicket, now = Date.now()): StoredQrTicket {
  const lifetime = Math.min(QR_TICKET_LIFETIME_MS, (t.expireSeconds || 600) * 1000);
  const stored = { ticket: t.ticket, url: t.url, expiresAt: now + lifetime };
  try {
    window.localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Private mode without storage: the ticket lives in memory only.
  }
  return stored;
}

export function clearStoredTicket(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
