import {
  areDuplicates,
  contactFill,
  dupCreditKey,
  dupNameKey,
  type MergeCandidate,
  type MergeContacts,
  mergeRefusal,
  suggestKept,
  withoutContact,
} from '../data-center.rules';

const lead = (over: Partial<MergeCandidate>): MergeCandidate => ({
  id: 1,
  name: '厦门鹭岛科技有限公司',
  creditCode: null,
  converted: false,
  followCount: 0,
  createTime: 1000,
  ...over,
});
const contacts = (over: Partial<MergeContacts>): MergeContacts => ({
  contactName: null,
  contactMobile: null,
  contactPhone: null,
  contactEmail: null,
  wechat: null,
  website: null,
  ...over,
});

describe('duplicate keys', () => {
  it('reads credit codes without blanks and case', () => {
    expect(dupCreditKey(' 91350200ma 00000001 ')).toBe('91350200MA00000001');
    expect(dupCreditKey('  ')).toBeNull();
    expect(dupCreditKey(null)).toBeNull();
  });

  it('reads names without blanks, case and bracket width', () => {
    expect(dupNameKey('（厦门） 星河 Trade')).toBe(dupNameKey('(厦门)星河trade'));
    expect(dupNameKey('【旗舰】店')).toBe('[旗舰]店');
    expect(dupNameKey('')).toBeNull();
  });

  it('calls two leads duplicates when either key matches', () => {
    expect(
      areDuplicates(lead({ creditCode: 'ab' }), lead({ name: '别名', creditCode: 'AB' })),
    ).toBe(true);
    expect(areDuplicates(lead({}), lead({ creditCode: 'X' }))).toBe(true);
    expect(areDuplicates(lead({ name: '甲' }), lead({ name: '乙' }))).toBe(false);
  });
});

describe('which lead is kept', () => {
  it('prefers the converted lead, then most follow-ups, then the oldest, then the smallest id', () => {
    const a = lead({ id: 3, followCount: 5 });
    const b = lead({ id: 2, converted: true });
    const c = lead({ id: 1, followCount: 5, createTime: 500 });
    const d = lead({ id: 0, followCount: 5, createTime: 500 });
    expect(suggestKept([a, b, c]).id).toBe(2);
    expect(suggestKept([a, c]).id).toBe(1);
    expect(suggestKept([c, d]).id).toBe(0);
  });

  it('refuses a converted lead merged away, and a lead sharing no key', () => {
    const kept = lead({ id: 1 });
    expect(mergeRefusal(kept, [lead({ id: 2, converted: true, name: '乙' })])).toEqual({
      reason: 'converted',
      name: '乙',
    });
    expect(mergeRefusal(kept, [lead({ id: 3, name: '丙' })])).toEqual({
      reason: 'notDuplicate',
      name: '丙',
    });
    expect(mergeRefusal(kept, [lead({ id: 4 })])).toBeNull();
  });
});

describe('contacts', () => {
  it('fills only the fields the kept lead lacks', () => {
    const kept = contacts({ contactMobile: '138', contactEmail: '  ' });
    const merged = contacts({ contactMobile: '139', contactEmail: 'a@b.cn', wechat: 'wx' });
    expect(contactFill(kept, merged)).toEqual({ contactEmail: 'a@b.cn', wechat: 'wx' });
    expect(contactFill(merged, kept)).toEqual({});
  });

  it('calls a lead without mobile, landline, e-mail and WeChat one without contact', () => {
    expect(withoutContact(contacts({ contactName: '王经理' }))).toBe(true);
    expect(withoutContact(contacts({ contactPhone: '0592-1234567' }))).toBe(false);
  });
});
