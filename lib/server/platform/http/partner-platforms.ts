import 'server-only';
import { createHmac } from 'node:crypto';
import { parsePartnerSettings, type PartnerPlatform } from '@/lib/shared/partner/partner-settings';
import { config } from '../config';
import { partLogger } from '../observability/logger';

/**
 * The partner platforms in force (ADR 0206): PARTNER_PLATFORMS as set, or, in demo mode without
 * it, the demo partner this app serves on its second port (so the whole flow runs on one machine).
 */

export const DEMO_PARTNER_ID = 'demo';

/**
 * The demo partner, or null when it is off. Its secret is derived from the session secret: both
 * ends of the exchange live in this process and nothing needs setting, yet it differs per install.
 */
export function demoPartner(): PartnerPlatform | null {
  const port = config.demoPartnerPort;
  const sessionSecret = process.env.SESSION_SECRET ?? '';
  if (!config.demoMode || port <= 0 || sessionSecret.length < 32) return null;
  const site = new URL(config.siteUrl);
  return {
    id: DEMO_PARTNER_ID,
    name: '演示合作平台',
    origin: `http://${site.hostname}:${port}`,
    signInPath: '/sso',
    secret: createHmac('sha256', sessionSecret).update('demo-partner').digest('hex'),
    pages: [
      { section: 'common', src: 'report', title: '合作平台报告', path: '/pages/report' },
      { section: 'factoryAndBuilding', src: 'plants', title: '厂房楼宇', path: '/pages/plants' },
      { section: 'industryAnalysis', src: 'overview', title: '产业分析', path: '/pages/overview' },
    ],
  };
}

/** The settings last read and what they gave: the proxy asks on every request. */
let last: { key: string; partners: PartnerPlatform[] } | null = null;

export function partnerPlatforms(): readonly PartnerPlatform[] {
  const raw = config.partnerPlatforms;
  const key = `${raw}\u0000${config.demoMode}\u0000${config.demoPartnerPort}\u0000${config.siteUrl}\u0000${process.env.SESSION_SECRET ?? ''}`;
  if (last?.key === key) return last.partners;
  let partners: PartnerPlatform[];
  if (raw.trim()) {
    const parsed = parsePartnerSettings(raw);
    // Logged once per setting: the entries named are left out, the others work.
    for (const problem of parsed.problems) partLogger('partner').warn(`合作平台未启用：${problem}`);
    partners = parsed.partners;
  } else {
    const demo = demoPartner();
    partners = demo ? [demo] : [];
  }
  last = { key, partners };
  return partners;
}
