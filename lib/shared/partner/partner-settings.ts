import { z } from 'zod';
import { policyOrigin } from '@/lib/shared/http/policy-origin';

/**
 * The embedded partner platforms (issue 35, ADR 0206): outside sites whose pages open inside the
 * workspace (/common/{src}, /factoryAndBuilding/{src}, /industryAnalysis/{src}) and whose
 * visitors sign in here (/tungee-login). Set by the operator in PARTNER_PLATFORMS (JSON); pure
 * rules, shared by the server (CSP, hand-off) and its tests.
 */

/** The workspace sections a partner page can open in (spec 2.2). */
export const PARTNER_SECTIONS = ['common', 'factoryAndBuilding', 'industryAnalysis'] as const;
export type PartnerSection = (typeof PARTNER_SECTIONS)[number];

export type PartnerPage = {
  section: PartnerSection;
  /** The `{src}` of the workspace address. */
  src: string;
  /** Title, breadcrumb and tag of the page in the workspace. */
  title: string;
  /** Where the page lives on the partner's site. */
  path: string;
};

export type PartnerPlatform = {
  id: string;
  name: string;
  /** The only origin a sign-in code is ever sent to, framed from and heard from. */
  origin: string;
  /** The partner's endpoint that exchanges a code (server to server) and signs the member in. */
  signInPath: string;
  /** Shared secret of the signed exchange; never leaves the server. */
  secret: string;
  pages: PartnerPage[];
};

/** A path on the partner's own site: not `//host` or `/\host` (another site), no control characters. */
const sitePath = z
  .string()
  .regex(/^\/(?![/\\])[^\s\\]*$/, '须是以 / 开头的站内路径')
  .max(500);

const pageSchema = z.object({
  section: z.enum(PARTNER_SECTIONS),
  src: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'src 只能是字母、数字、- 或 _'),
  title: z.string().trim().min(1).max(30),
  path: sitePath,
});

const platformSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,32}$/, 'id 只能是小写字母、数字或 -（2-32 位）'),
  name: z.string().trim().min(1).max(30),
  origin: z.string(),
  signInPath: sitePath,
  secret: z.string().min(32, 'secret 至少 32 个字符'),
  pages: z.array(pageSchema).max(50).default([]),
});

/**
 * An origin a partner may have: https (as any outside service, ADR 0190), or plain http on the
 * machine itself (the demo partner); exactly an origin, nothing after it.
 */
export function partnerOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (raw.replace(/\/$/, '') !== url.origin) return null;
  if (url.protocol === 'https:') return policyOrigin(raw);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'http:' && loopback ? url.origin : null;
}

/**
 * The setting read: the usable partners, and what was wrong with the rest (a bad entry is left
 * out and named; the others still work).
 */
export function parsePartnerSettings(raw: string | undefined): {
  partners: PartnerPlatform[];
  problems: string[];
} {
  if (!raw?.trim()) return { partners: [], problems: [] };
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return { partners: [], problems: ['PARTNER_PLATFORMS 不是合法的 JSON'] };
  }
  if (!Array.isArray(list)) return { partners: [], problems: ['PARTNER_PLATFORMS 须是数组'] };
  const partners: PartnerPlatform[] = [];
  const problems: string[] = [];
  const taken = new Set<string>();
  list.forEach((entry, i) => {
    const parsed = platformSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`第 ${i + 1} 个合作平台：${issue?.path.join('.')} ${issue?.message}`);
      return;
    }
    const origin = partnerOrigin(parsed.data.origin);
    if (!origin) {
      problems.push(`第 ${i + 1} 个合作平台：origin 须是 https 源（本机可用 http）`);
      return;
    }
    if (partners.some((p) => p.id === parsed.data.id)) {
      problems.push(`第 ${i + 1} 个合作平台：id ${parsed.data.id} 重复`);
      return;
    }
    // One workspace address, one page: a later partner cannot take over an earlier one's page.
    const pages = parsed.data.pages.filter((p) => {
      const key = `${p.section}/${p.src}`;
      if (taken.has(key)) {
        problems.push(`第 ${i + 1} 个合作平台：页面 /${key} 已被占用`);
        return false;
      }
      taken.add(key);
      return true;
    });
    partners.push({ ...parsed.data, origin, pages });
  });
  return { partners, problems };
}

/**
 * The partner a sign-in code may be sent to with this address, or null. Only an absolute URL
 * spelled exactly as the partner's origin followed by `/`, `?` or `#` passes: that one prefix test
 * refuses other hosts, `//evil`, `javascript:`, user info (`https://p.cn@evil`), look-alike hosts
 * (`https://p.cn.evil`), other ports, percent-encoded or mixed-case spellings of the host and
 * backslashes, whatever a browser would make of them.
 */
export function partnerForRedirect<P extends Pick<PartnerPlatform, 'origin'>>(
  raw: string,
  partners: readonly P[],
): P | null {
  if (raw.length > 2000 || /[\s\\\u0000-\u001f\u007f]/.test(raw)) return null;
  for (const partner of partners) {
    const rest = raw.slice(partner.origin.length);
    if (!raw.startsWith(partner.origin) || !/^(?:[/?#]|$)/.test(rest)) continue;
    try {
      const url = new URL(raw);
      if (url.origin === partner.origin && !url.username && !url.password) return partner;
    } catch {
      return null;
    }
  }
  return null;
}

/** The partner page at a workspace address, with its partner. */
export function findPartnerPage<P extends Pick<PartnerPlatform, 'pages'>>(
  partners: readonly P[],
  section: string,
  src: string,
): { partner: P; page: PartnerPage } | null {
  for (const partner of partners) {
    const page = partner.pages.find((p) => p.section === section && p.src === src);
    if (page) return { partner, page };
  }
  return null;
}

/**
 * What the exchange signs: the partner, the time and the code, HMAC-SHA256 with the shared secret
 * (hex). Written once here so the partner's side (the demo partner, the tests) signs the same bytes.
 */
export function exchangeSigningText(partnerId: string, timestamp: number, code: string): string {
  return `${partnerId}\n${timestamp}\n${code}`;
}

/** A signed exchange older or newer than this (seconds) is refused: a captured one goes stale. */
export const EXCHANGE_MAX_SKEW_S = 300;
/** A sign-in code is good for one exchange within this time. */
export const PARTNER_CODE_TTL_MS = 60_000;
/** A partner page that has not said APP_PAGE_LOADED by then gets the retry state. */
export const PARTNER_FRAME_TIMEOUT_MS = 10_000;
