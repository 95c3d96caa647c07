'use client';
import { z } from 'zod';

// Pages run under a CSP without 'unsafe-eval' (proxy.ts). zod 4 would probe `new Function` the
// first time it parses an object in the browser, a reported CSP violation, and then fall back to
// what jitless mode does anyway.
z.config({ jitless: true });

/** Rendered once by the root layout, so every page's bundle runs this module. */
export function CspClientConfig(): null {
  return null;
}
