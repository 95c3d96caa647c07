import 'server-only';

/** The identity module's door for the request proxy (ADR 0175): the page-view rate limit. */
export { limitPageRequest } from './auth/page-rate-limit';
