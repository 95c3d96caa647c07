import 'server-only';

/**
 * Front door of the platform module (ADR 0170): database, HTTP kernel (errors, client info, defineRoute), push, files, SMS adapters, rate limits, jobs runner, session cookie, audit.
 * Other modules import only what is exported here; platform itself may import nothing else in lib/server.
 */

// What the request proxy may use too (ADR 0175); the rest of the module follows.
export * from './proxy-door';
export { closeDb, pingDb, readiness } from './db';
export {
  currentReads,
  getReadDb,
  getReadPool,
  probeReplica,
  replicaStatus,
  closeReplica,
  type ReplicaStatus,
} from './db/read-replica';
export { type DatabaseHandle, startDatabase } from './db/bootstrap';
export { chinaDayStart, chinaMonthStart, chinaTodayStart } from './db/china-time';
export { prewarmSearchRelations } from './db/prewarm';
export { fileRoutes } from './files/files.routes';
export { DISK_FULL_MESSAGE, diskFault, faultPoint, isDiskFull } from './faults/fault-points';
export {
  bodyLimitFor,
  BodyTooLargeError,
  formatBytes,
  JSON_BODY_MAX_BYTES,
  multipartLimit,
  readBodyLimited,
} from './http/body-limit';
export {
  type AuthContext,
  defineRoute,
  type HttpMethod,
  type RouteDefinition,
  type TenantAuthContext,
} from './http/define-route';
export { normaliseIncomingHeaders } from './http/incoming-headers';
export { HSTS_VALUE } from './http/security-headers';
export { mapTileLayer } from './http/external-sources';
export { regionMapSvg, type RegionMapArea, type RegionMapSvg } from './maps/region-map';
export { DEMO_PARTNER_ID, demoPartner, partnerPlatforms } from './http/partner-platforms';
export { OutboundError, postJson } from './http/outbound-json';
export { createStaticBrotli } from './http/static-brotli';
export {
  contentDisposition,
  EXPORT_FILE_NAME,
  XLSX_MIME,
  xlsxResponse,
} from './http/xlsx-response';
export { jobView, publishJob } from './jobs/job-context';
export { readJobFile, storeJobFile } from './jobs/job-files';
export { defineJobKind, type JobKind, type JobTx } from './jobs/job-kind';
export { activeJobRunner, type JobRunner, startJobRunner } from './jobs/job-runner';
export { type Periodic, startPeriodic } from './jobs/periodic';
export { jobRoutes } from './jobs/job.routes';
export {
  awaitJob,
  cancelJob,
  deleteJob,
  enqueueJob,
  getJob,
  jobFile,
  type JobOwner,
  recordFinishedExport,
} from './jobs/job.service';
export { publishToUserInTx } from './push/push.service';
export { listenToChannel, type ChannelListener } from './db/channel-listener';
export { TtlCache } from './cache/ttl-cache';
export { OFFLINE_MESSAGE, PUSH_CHANNEL, type PushEnvelope } from './push/push.types';
export { createWebSocketGateway } from './push/websocket-gateway';
export { expensiveQueryGate } from './rate-limit/expensive-query-gate';
export { QueryGateBusyError } from './rate-limit/query-gate';
export { stopRateCounters } from './rate-limit/buffered-counters';
export { ensureSessionSecret } from './session-secret';
export { getBffSession } from './session/session-cookie';
export { SmsDeliveryError, type SmsSender } from './sms/sms.adapter';
export { getSmsSender } from './sms/sms.config';
export { trackRoutes } from './track/track.routes';
export { FORWARDED_MARK_HEADER } from './http/client-info';
export {
  DEVICE_HEADER,
  deviceCookieHeader,
  deviceFingerprint,
  deviceIdFromCookies,
  newDeviceId,
} from './http/device-id';
export { isLoopbackAddress } from './http/loopback';
export { demoExposureWarning } from './sms/demo-exposure-warning';
export { enforceSmsRisk } from './sms/sms-risk';
export { answerMalformedApiPath } from './http/malformed-path';
export {
  currentRequestContext,
  currentRequestId,
  REQUEST_ID_HEADER,
  runWithRequestContext,
  acceptRequestId,
  type RequestContext,
} from './observability/request-context';
export { logger } from './observability/logger';
export {
  gaugeOnScrape,
  metrics,
  metricsText,
  metricsTokenAccepted,
  startMetricsServer,
} from './observability/metrics';
export { observeHttp } from './observability/http-observer';
export { registerPlatformGauges } from './observability/platform-gauges';
