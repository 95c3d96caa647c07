import { config } from '../config';
import { DEVICE_HEADER, validDeviceId } from '../http/device-id';

/** Set by server.ts from the socket address; any incoming copy is overwritten there. */
export const CLIENT_IP_HEADER = 'x-leadradar-client-ip';
/** Set by server.ts: '1' when the request came with X-Forwarded-*, Forwarded or X-Real-IP. */
export const FORWARDED_MARK_HEADER = 'x-leadradar-forwarded';

export type ClientInfo = {
  ip: string;
  userAgent: string;
  /** The browser's device id (lib/server/platform/http/device-id.ts), when the caller came with one. */
  device?: string;
  /** The request passed a proxy (server.ts saw forwarding headers), whatever TRUST_PROXY says. */
  forwarded?: boolean;
};

export function clientInfo(headers: Headers): ClientInfo {
  let ip = headers.get(CLIENT_IP_HEADER) || '';
  if (config.trustProxy) {
    const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) ip = forwarded;
  }
  return {
    ip: ip || '127.0.0.1',
    userAgent: headers.get('user-agent') || '',
    device: validDeviceId(headers.get(DEVICE_HEADER)),
    forwarded: headers.get(FORWARDED_MARK_HEADER) === '1',
  };
}
