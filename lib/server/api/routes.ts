import type { RouteDefinition } from './define-route';
import { sessionRoutes } from '../auth/session.routes';

/**
 * Every route of the API root. Each domain keeps its routes in lib/server/<domain>/<domain>.routes.ts
 * and is listed here once.
 */
export function getRoutes(): RouteDefinition[] {
  return [...sessionRoutes];
}
