import 'server-only';
import { config } from '../config';
import { QueryGate, queryGateLimitsFor } from './query-gate';

// One gate per process, shared by the API root and server-rendered pages (separate module
// instances in one process, hence the global).
const key = Symbol.for('leadradar.expensive-query-gate');
type GlobalWithGate = typeof globalThis & { [key]?: QueryGate };

/** The gate every expensive query passes (contracts marked `expensive`, search pages). */
export function expensiveQueryGate(): QueryGate {
  const g = globalThis as GlobalWithGate;
  g[key] ??= new QueryGate(queryGateLimitsFor(config.poolSize));
  return g[key];
}
