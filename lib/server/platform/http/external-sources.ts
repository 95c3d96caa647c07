import 'server-only';
import { config } from '../config';

/**
 * Origins outside the site a page may use, per CSP directive. Each comes from a configured
 * outside service and is admitted only while that service is switched on, so a deployment that
 * uses none keeps the policy at 'self' (ADR 0190).
 */
export type ExternalSources = {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
};

export const NO_EXTERNAL_SOURCES: ExternalSources = { script: [], frame: [], connect: [], img: [] };

/**
 * Tencent's widget loads its script from one host, draws the puzzle in an iframe of that host,
 * and takes its pictures from a second host of Tencent's (published in its integration guide).
 */
const TENCENT_CAPTCHA_IMAGE_ORIGIN = 'https://turing.captcha.gtimg.com';

/** An https origin fit to stand in a policy, or null (a typo must not widen or break the CSP). */
export function policyOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || u.username || u.password) return null;
    return /^[a-z0-9.-]+(:\d{1,5})?$/i.test(u.host) ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origins the configured outside services need (read per call: tests change the env). */
export function externalSources(): ExternalSources {
  if (config.captchaProvider !== 'tencent') return NO_EXTERNAL_SOURCES;
  const widget = policyOrigin(config.tencentCaptchaScriptUrl);
  if (!widget) return NO_EXTERNAL_SOURCES;
  const both = [widget, TENCENT_CAPTCHA_IMAGE_ORIGIN];
  return { script: [widget], frame: [widget], connect: both, img: both };
}
