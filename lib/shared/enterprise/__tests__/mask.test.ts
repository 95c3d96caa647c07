import {
  maskContact,
  maskContactsDeep,
  maskContactsInText,
  maskEmail,
  maskMobile,
  maskPhone,
} from '../mask';
import {
  companyCanonicalPath,
  companyDetailPath,
  companySitemapPath,
  parseCompanySitemapFile,
} from '../urls';
import { formatCapital, formatRatio } from '../format';

describe('contact masking', () => {
  it('masks mobiles as first 3, ****, last 4', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('+86 138 1234 5678')).toBe('138****5678');
  });

  it('masks landlines keeping the area code, the first local digit and the last two', () => {
    expect(maskPhone('0592-5123412')).toBe('0592-5****12');
    expect(maskPhone('010-87654321')).toBe('010-8****21');
    expect(maskPhone('05925123412')).toBe('0592-5****12');
    expect(maskPhone('0592-5123412-808')).toBe('0592-5****12');
    expect(maskPhone('400-123-4567')).toBe('400-1****67');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('masks e-mails as first character, ***, domain', () => {
    expect(maskEmail('info@domain.com')).toBe('i***@domain.com');
    expect(maskEmail('x@qq.com')).toBe('x***@qq.com');
  });

  it('never returns the original value or its hidden middle', () => {
    for (const [type, v] of [
      ['mobile', '13912345678'],
      ['phone', '0755-86001234'],
      ['phone', '12345'],
      ['email', 'sales@example.cn'],
      ['phone', 'weird-value-123456789'],
    ] as const) {
      const m = maskContact(type, v);
      expect(m).not.toBe(v);
      expect(m).toContain('*');
    }
  });

  it('masks contacts inside free text and JSON', () => {
    const text =
      '联系电话 0592-5123412，手机 13812345678，邮箱 hr@leida.com；成立于 2020-01-01，资本 1000万';
    const masked = maskContactsInText(text);
    expect(masked).toBe(
      '联系电话 0592-5****12，手机 138****5678，邮箱 h***@leida.com；成立于 2020-01-01，资本 1000万',
    );
    expect(maskContactsDeep({ a: [{ b: '13812345678' }], n: 5, z: null })).toEqual({
      a: [{ b: '138****5678' }],
      n: 5,
      z: null,
    });
  });

  it('leaves credit codes and dates alone', () => {
    expect(maskContactsInText('91350203MA2Y13812345678')).toBe('91350203MA2Y13812345678');
    expect(maskContactsInText('2023-06-01至2043-05-31')).toBe('2023-06-01至2043-05-31');
  });
});

describe('company urls', () => {
  it('builds the canonical uncid url', () => {
    expect(companyCanonicalPath('91350200MA2XXXXX1')).toBe(
      '/companySearchDetail?uncid=91350200MA2XXXXX1',
    );
    expect(companyDetailPath({ name: '厦门 A&B' })).toBe(
      `/companySearchDetail?company_name=${encodeURIComponent('厦门 A&B')}`,
    );
    expect(parseCompanySitemapFile(companySitemapPath(12).split('/').pop()!)).toBe(12);
    expect(parseCompanySitemapFile('company-x.xml')).toBeNull();
  });
});

describe('figures', () => {
  it('formats capital and ratio', () => {
    expect(formatCapital(1000, '人民币')).toBe('1000万人民币');
    expect(formatCapital(12.5, '美元')).toBe('12.5万美元');
    expect(formatCapital(null)).toBe('');
    expect(formatRatio(51.2345)).toBe('51.23%');
  });
});
