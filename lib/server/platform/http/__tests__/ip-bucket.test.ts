import { ipBucket } from '../ip-bucket';

describe('ipBucket', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(ipBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(ipBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const bucket = '2001:db8:aa:1::/64';
    expect(ipBucket('2001:db8:aa:1::1')).toBe(bucket);
    expect(ipBucket('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(bucket);
    expect(ipBucket('2001:DB8:AA:1:0:0:0:9')).toBe(bucket);
    expect(ipBucket('2001:db8:aa:1::1.2.3.4')).toBe(bucket);
    expect(ipBucket('2001:db8:aa:2::1')).not.toBe(bucket);
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
    expect(ipBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(ipBucket('unknown')).toBe('unknown');
  });
});
