/**
 * Unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters =
 * 1 registration authority + 1 entity kind + 6 region code (GB/T 2260) + 9 organisation code
 * (GB 11714, its own check character last) + 1 check character.
 * Also the 15-digit business registration number (注册号) used before 2015.
 */

/** The 31-character alphabet: digits and capitals without I, O, S, V, Z. */
export const UNCID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Weights of positions 1-17: 3^(i-1) mod 31. */
export const UNCID_WEIGHTS = [
  1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28,
] as const;

const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

export const UNCID_PATTERN = /^[0-9A-HJ-NPQRTUW-Y]{2}\d{6}[0-9A-HJ-NPQRTUW-Y]{10}$/;

export type UncidParts = {
  /** 1 机构编制, 5 民政, 9 工商/市场监管, Y 其他. */
  authority: string;
  /** Under authority 9: 1 企业, 2 个体工商户, 3 农民专业合作社. */
  kind: string;
  /** Six-digit administrative division code of the registering authority. */
  regionCode: string;
  /** Organisation code body: 8 characters (the check character is computed) or all 9. */
  orgCode: string;
};

function value(ch: string): number {
  const v = UNCID_ALPHABET.indexOf(ch);
  if (v < 0) throw new Error(`统一社会信用代码含非法字符: ${ch}`);
  return v;
}

/** Check character (position 18) for the first 17 characters. */
export function uncidCheckChar(first17: string): string {
  if (first17.length !== 17) throw new Error('需要 17 位本体代码');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += value(first17[i]) * UNCID_WEIGHTS[i];
  return UNCID_ALPHABET[(31 - (sum % 31)) % 31];
}

/** GB 11714 value of an organisation-code character: digits 0-9, letters A=10 … Z=35. */
function orgValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  throw new Error(`组织机构代码含非法字符: ${ch}`);
}

/** GB 11714 check character for an 8-character organisation code body ('X' for 10). */
export function orgCodeCheckChar(body8: string): string {
  if (body8.length !== 8) throw new Error('组织机构代码本体为 8 位');
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += orgValue(body8[i]) * ORG_WEIGHTS[i];
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

export function generateUncid(parts: UncidParts): string {
  const { authority, kind, regionCode } = parts;
  if (!/^\d{6}$/.test(regionCode)) throw new Error('行政区划码须为 6 位数字');
  const org =
    parts.orgCode.length === 8 ? parts.orgCode + orgCodeCheckChar(parts.orgCode) : parts.orgCode;
  if (org.length !== 9) throw new Error('组织机构代码须为 8 或 9 位');
  const first17 = `${authority}${kind}${regionCode}${org}`;
  return first17 + uncidCheckChar(first17);
}

/** True when the code has the GB 32100 shape and its check character is right. */
export function validateUncid(code: string): boolean {
  if (typeof code !== 'string' || !UNCID_PATTERN.test(code)) return false;
  return uncidCheckChar(code.slice(0, 17)) === code[17];
}

/** True when positions 9-17 also carry a valid GB 11714 organisation code. */
export function validateUncidStrict(code: string): boolean {
  if (!validateUncid(code)) return false;
  const org = code.slice(8, 17);
  return orgCodeCheckChar(org.slice(0, 8)) === org[8];
}

export function parseUncid(code: string): UncidParts | null {
  if (!validateUncid(code)) return null;
  return {
    authority: code[0],
    kind: code[1],
    regionCode: code.slice(2, 8),
    orgCode: code.slice(8, 17),
  };
}

/** ISO 7064 MOD 11,10 check digit of the 14-digit body of a 15-digit registration number. */
export function regNoCheckDigit(body14: string): string {
  if (!/^\d{14}$/.test(body14)) throw new Error('注册号本体须为 14 位数字');
  let p = 10;
  for (const ch of body14) {
    let s = (p % 11) + Number(ch);
    s %= 10;
    p = (s === 0 ? 10 : s) * 2;
  }
  // The check digit a makes (p mod 11 + a) mod 10 equal 1.
  return String((11 - (p % 11)) % 10);
}

export function validateRegNo(regNo: string): boolean {
  return /^\d{15}$/.test(regNo) && regNoCheckDigit(regNo.slice(0, 14)) === regNo[14];
}
