import { mayBuyEdition, upgradeOffer, vipOnlyReason } from '../vip-gates';

describe('VIP gates (issue 28 item 7)', () => {
  it('marks export as VIP-only on the free edition, before the click', () => {
    expect(vipOnlyReason('export', 0)).toContain('会员专享');
    expect(vipOnlyReason('export', 0)).toContain('免费版');
    for (const e of [1, 2, 3, 4]) expect(vipOnlyReason('export', e)).toBeNull();
    expect(vipOnlyReason('export', null)).toBeNull();
  });

  it('offers employees 通知管理员 instead of buying', () => {
    expect(mayBuyEdition(['tenant_admin'])).toBe(true);
    expect(mayBuyEdition(['admin', 'employee'])).toBe(true);
    expect(mayBuyEdition(['employee'])).toBe(false);
    expect(upgradeOffer(['employee'])).toBe('askAdmin');
    expect(upgradeOffer(['tenant_admin'])).toBe('buy');
  });
});
