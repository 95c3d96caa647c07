import { createHash, randomBytes } from 'node:crypto';

/**
 * A random id per browser (issue 28 items 2 and 5): an httpOnly cookie the BFF sets on the first
 * /api request and hands to the API root as a header, so the login form sends it with every call
 * without script access. The SMS risk rule counts sends per device, and a register ticket only
 * works in the browser that obtained it. The client chooses its own cookie, so a device id is a
 * claim: it narrows limits and binds tickets, it never widens anything.
 */
export const DEVICE_COOKIE = 'leadradar_device';
export const DEVICE_HEADER = 'x-leadradar-device';
const ONE_YEAR_S = 365 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function newDeviceId(): string {
  return randomBytes(18).toString('base64url');
}

/** A well-formed device id or undefined. */
export function validDeviceId(value: string | null | undefined): string | undefined {
  return value && DEVICE_ID.test(value) ? value : undefined;
}

/** The device id in a Cookie header, if any. */
export function deviceIdFromCookies(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return validDeviceId(rest.join('='));
  }
  return undefined;
}

export function deviceCookieHeader(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What a ticket stores to recognise the device (never the id itself). */
export function deviceFingerprint(id: string | undefined): string | null {
  return id ? createHash('sha256').update(`device:${id}`).digest('base64url') : null;
}
