import {
  generateUncid,
  orgCodeCheckChar,
  parseUncid,
  regNoCheckDigit,
  uncidCheckChar,
  UNCID_ALPHABET,
  UNCID_WEIGHTS,
  validateRegNo,
  validateUncid,
  validateUncidStrict,
} from '../uncid';

// Real-format codes: published registration codes of large companies, which carry valid check characters.
const REAL_FORMAT = [
  '91440300708461136T',
  '914403001922038216',
  '91330100716105852F',
  '91110000802100433B',
];

describe('GB 32100 unified social credit code', () => {
  it('uses the 31-character alphabet and weights 3^(i-1) mod 31', () => {
    expect(UNCID_ALPHABET).toHaveLength(31);
    expect(UNCID_ALPHABET).not.toMatch(/[IOSVZ]/);
    UNCID_WEIGHTS.forEach((w, i) => expect(w).toBe(3 ** i % 31));
  });

  it.each(REAL_FORMAT)('accepts %s', (code) => {
    expect(validateUncid(code)).toBe(true);
    expect(validateUncidStrict(code)).toBe(true);
  });

  it('rejects a wrong check character, bad length and letters outside the alphabet', () => {
    expect(validateUncid('91440300708461136A')).toBe(false);
    expect(validateUncid('91440300708461136')).toBe(false);
    expect(validateUncid('9144030070846113OT')).toBe(false);
    expect(validateUncid('91A40300708461136T')).toBe(false);
    expect(validateUncid('')).toBe(false);
  });

  it('computes the GB 11714 organisation-code check character', () => {
    expect(orgCodeCheckChar('70846113')).toBe('6');
    expect(orgCodeCheckChar('19220382')).toBe('1');
    expect(orgCodeCheckChar('71610585')).toBe('2');
  });

  it('maps a check value of 31 to 0', () => {
    // Find a body whose sum is a multiple of 31 by fixing the last character.
    const body16 = '9135020000000000';
    for (const ch of UNCID_ALPHABET) {
      const first17 = body16 + ch;
      let sum = 0;
      for (let i = 0; i < 17; i++) sum += UNCID_ALPHABET.indexOf(first17[i]) * UNCID_WEIGHTS[i];
      if (sum % 31 === 0) expect(uncidCheckChar(first17)).toBe('0');
    }
  });

  it('generates valid codes from parts and parses them back', () => {
    const code = generateUncid({
      authority: '9',
      kind: '1',
      regionCode: '350203',
      orgCode: 'MA2XN5U5',
    });
    expect(code).toHaveLength(18);
    expect(code.startsWith('91350203MA2XN5U5')).toBe(true);
    expect(validateUncidStrict(code)).toBe(true);
    expect(parseUncid(code)).toEqual({
      authority: '9',
      kind: '1',
      regionCode: '350203',
      orgCode: code.slice(8, 17),
    });
    expect(
      generateUncid({ authority: '9', kind: '1', regionCode: '440300', orgCode: '708461136' }),
    ).toBe('91440300708461136T');
  });

  it('refuses malformed parts', () => {
    expect(() =>
      generateUncid({ authority: '9', kind: '1', regionCode: '3502', orgCode: 'MA2XN5U5' }),
    ).toThrow();
    expect(() =>
      generateUncid({ authority: '9', kind: '1', regionCode: '350203', orgCode: 'MA2X' }),
    ).toThrow();
    expect(parseUncid('not a code')).toBeNull();
  });
});

describe('15-digit registration number (ISO 7064 MOD 11,10)', () => {
  it('accepts real-format numbers and rejects changed ones', () => {
    expect(validateRegNo('440301103097413')).toBe(true);
    expect(validateRegNo('310000000007622')).toBe(true);
    expect(validateRegNo('310000000007621')).toBe(false);
    expect(validateRegNo('31000000000762')).toBe(false);
  });

  it('produces a check digit every body can take', () => {
    for (const body of ['35020320000001', '11010500000000', '99999999999999']) {
      expect(validateRegNo(body + regNoCheckDigit(body))).toBe(true);
    }
  });
});
