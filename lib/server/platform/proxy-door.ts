import 'server-only';

/**
 * The platform module's second door (ADR 0175): the part of the front door that the request
 * proxy (`proxy.ts`) and the files it loads may use. The proxy runs on every request; through the
 * front door it bundled most of the server (366 files, a 3 MB chunk). Everything here is also
 * exported by the front door, so other code keeps using that one.
 */

export { clockDate, serverClock, sqlNow } from './clock/server-clock';
export { config } from './config';
export { type Database, getDb, getPool } from './db';
export { withTransaction } from './db/transaction';
export { apiError, ApiError } from './http/api-error';
export { CLIENT_IP_HEADER, clientInfo, type ClientInfo } from './http/client-info';
export { ipBucket } from './http/ip-bucket';
export {
  contentSecurityPolicy,
  createNonce,
  NONCE_HEADER,
  requestHost,
  strictTransportSecurity,
} from './http/security-headers';
export {
  checkRateLimit,
  enforceRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_POLICIES,
  RateLimitedError,
  type RatePolicyName,
  type RateUser,
} from './rate-limit/rate-limit.service';
export {
  type BffSession,
  isSecureRequest,
  SESSION_COOKIE,
  sessionOptions,
} from './session/session-cookie';
export { storeUpload } from './files/files.service';
export { closeSessionSockets } from './push/push.service';
export { type PushMessage } from './push/push.types';
export { audit } from './track/audit.service';
export { partLogger } from './observability/logger';
