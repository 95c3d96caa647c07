import { isIPv4, isIPv6 } from 'node:net';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback: the caller is on this machine. */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(ip) && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(ip);
}

/** Whether a listen address accepts connections from beyond this machine. */
export function listensBeyondLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === 'localhost') return false;
  return !isLoopbackAddress(h);
}
