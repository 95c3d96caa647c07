'use client';

/*
 * Pages run under a CSP without 'unsafe-eval' (proxy.ts). zod 4 would probe `new Function` the
 * first time it parses an object in the browser, a reported CSP violation, and then fall back to
 * what jitless mode does anyway. zod keeps its configuration on globalThis.__zod_globalConfig
 * (taking the object that is there when it loads), so this sets jitless without loading zod: the
 * workspace's first load carries no zod (issue 38), and every chunk that brings zod later finds the
 * setting. app/__tests__/csp-client-config.test.ts checks zod honours it in either load order.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;

/** Rendered once by the root layout, so every page's bundle runs this module. */
export function CspClientConfig(): null {
  return null;
}
