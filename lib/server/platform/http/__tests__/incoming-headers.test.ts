import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_IP_HEADER } from '@/lib/server/platform/http/client-info';
import { FORWARDED_MARK_HEADER } from '@/lib/server/platform/http/client-info';
import { normaliseIncomingHeaders } from '../incoming-headers';

const claims = (): IncomingHttpHeaders => ({
  host: 'example.test',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-for': '1.2.3.4',
  [CLIENT_IP_HEADER]: '9.9.9.9',
});

describe('normaliseIncomingHeaders', () => {
  it('drops a client’s X-Forwarded-* claims without TRUST_PROXY (no Secure cookie, no spoofed host)', () => {
    const headers = claims();
    normaliseIncomingHeaders(headers, '::ffff:10.1.2.3', false);
    expect(headers['x-forwarded-proto']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers[CLIENT_IP_HEADER]).toBe('10.1.2.3');
    expect(headers.host).toBe('example.test');
  });

  it('keeps them behind a trusted proxy, and still takes the socket address as the peer', () => {
    const headers = claims();
    normaliseIncomingHeaders(headers, '127.0.0.1', true);
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-for']).toBe('1.2.3.4');
    expect(headers[CLIENT_IP_HEADER]).toBe('127.0.0.1');
  });

  it('marks a request that came with forwarding headers, and overwrites a client’s own mark', () => {
    const proxied = { ...claims(), [FORWARDED_MARK_HEADER]: '0' };
    normaliseIncomingHeaders(proxied, '127.0.0.1', false);
    expect(proxied[FORWARDED_MARK_HEADER]).toBe('1');
    const direct: IncomingHttpHeaders = { host: 'example.test', [FORWARDED_MARK_HEADER]: '1' };
    normaliseIncomingHeaders(direct, '127.0.0.1', false);
    expect(direct[FORWARDED_MARK_HEADER]).toBe('0');
  });
});
