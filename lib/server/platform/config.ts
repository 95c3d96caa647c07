import path from 'node:path';
import { TENCENT_CAPTCHA_SCRIPT_DEFAULT } from '@/lib/shared/captcha/protocol';

/** Reads a boolean switch from the environment; '1', 'true', 'on' and 'yes' mean on. */
function flag(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(raw.toLowerCase());
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Every environment variable the product reads, in one place (documented in README.md).
 * Values are read on each call so tests can change the environment.
 */
export const config = {
  get port() {
    return int('PORT', 3000);
  },
  get host() {
    return process.env.HOST || '0.0.0.0';
  },
  get dataDir() {
    return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || 'data');
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || '';
  },
  /** A streaming replica for reads that may be a moment behind (search, map; ADR 0211). */
  get databaseReadUrl() {
    return process.env.DATABASE_READ_URL || '';
  },
  /** A replica further behind than this is not read from until it catches up. */
  get replicaMaxLagMs() {
    return Math.max(0, int('REPLICA_MAX_LAG_MS', 2000));
  },
  get embeddedPgPort() {
    return int('EMBEDDED_PG_PORT', 54329);
  },
  get apiBaseUrl() {
    return process.env.API_BASE_URL || '';
  },
  get demoMode() {
    return flag('DEMO_MODE', true);
  },
  /** Demo SMS codes in the answer for every client, not just loopback ones (issue 28 item 3). */
  get demoSmsCodeInResponse() {
    return flag('DEMO_SMS_CODE_IN_RESPONSE', false);
  },
  get readOnly() {
    return flag('READ_ONLY', false);
  },
  get seedEnterprises() {
    return int('SEED_ENTERPRISES', 20000);
  },
  get siteUrl() {
    return (process.env.SITE_URL || `http://localhost:${int('PORT', 3000)}`).replace(/\/$/, '');
  },
  get statementTimeoutMs() {
    return int('DB_STATEMENT_TIMEOUT_MS', 5000);
  },
  get poolSize() {
    return int('DB_POOL_SIZE', 20);
  },
  get trustProxy() {
    return flag('TRUST_PROXY', false);
  },
  /** Memory for the public-page HTML cache (server.ts), in MB; 0 turns it off. */
  get pageCacheMb() {
    return int('PAGE_CACHE_MB', 128);
  },
  /** The build's scripts and styles in Brotli (server.ts, ADR 0150); off behind a CDN that compresses. */
  get staticBrotli() {
    return flag('STATIC_BROTLI', true);
  },
  /** The external park site the 园区查询 tool opens; '' means none is configured. */
  get parkSiteUrl() {
    return process.env.PARK_SITE_URL || '';
  },
  /** The embedded partner platforms (ADR 0206): a JSON list, checked by `partnerPlatforms()`. */
  get partnerPlatforms() {
    return process.env.PARTNER_PLATFORMS || '';
  },
  /**
   * The demo partner's port (ADR 0206): in demo mode, with no PARTNER_PLATFORMS, this app serves
   * a small partner site there and lists it as the partner; 0 turns it off.
   */
  get demoPartnerPort() {
    return Math.max(0, int('DEMO_PARTNER_PORT', int('PORT', 3000) + 10));
  },
  /** A running background job whose worker has not beaten for this long is resumed (ADR 0090). */
  get jobStaleAfterSeconds() {
    return Math.max(1, int('JOB_STALE_AFTER_SECONDS', 60));
  },
  /** The contact provider of 挖一挖 (ADR 0120); '' means the demo one. */
  get contactSourceUrl() {
    return process.env.CONTACT_SOURCE_URL || '';
  },
  get contactSourceKey() {
    return process.env.CONTACT_SOURCE_KEY || undefined;
  },
  get contactSourceTimeoutMs() {
    return Math.max(1, int('CONTACT_SOURCE_TIMEOUT_MS', 15_000));
  },
  /** The add-contact provider (ADR 0199); '' means the demo one. */
  get outreachProviderUrl() {
    return process.env.OUTREACH_PROVIDER_URL || '';
  },
  get outreachProviderKey() {
    return process.env.OUTREACH_PROVIDER_KEY || undefined;
  },
  /** Shared secret of the provider's signed callbacks ('' refuses every callback). */
  get outreachCallbackSecret() {
    return process.env.OUTREACH_CALLBACK_SECRET || '';
  },
  get outreachProviderTimeoutMs() {
    return Math.max(1, int('OUTREACH_PROVIDER_TIMEOUT_MS', 10_000));
  },
  /** The demo provider's wait per contact sent, and until it answers (accept / refuse). */
  get outreachDemoLatencyMs() {
    return Math.max(0, int('OUTREACH_DEMO_LATENCY_MS', 200));
  },
  get outreachDemoAnswerMs() {
    return Math.max(0, int('OUTREACH_DEMO_ANSWER_MS', 3_000));
  },
  /** The demo provider's wait per company (default 150 ms: 1,000 leads inside 60 s). */
  get wywDemoLatencyMs() {
    return Math.max(0, int('WYW_DEMO_LATENCY_MS', 150));
  },
  /** Companies a batch collection asks about at once. */
  get wywConcurrency() {
    return Math.max(1, int('WYW_CONCURRENCY', 8));
  },
  /** Prometheus metrics on their own port (0: off), loopback unless METRICS_HOST says otherwise. */
  /** This process's name among several behind one port (scripts/cluster.ts); '' alone. */
  get instanceName() {
    return process.env.INSTANCE_NAME || '';
  },
  get metricsPort() {
    return int('METRICS_PORT', 9464);
  },
  get metricsHost() {
    return process.env.METRICS_HOST || '127.0.0.1';
  },
  /** With a token, /api/metrics answers on the main port to `Authorization: Bearer <token>`. */
  get metricsToken() {
    return process.env.METRICS_TOKEN || '';
  },
  /** 'tencent': captcha passes checked by Tencent Cloud 天御 (ADR 0051); '' the built-in slider. */
  get captchaProvider(): 'tencent' | '' {
    return (process.env.CAPTCHA_PROVIDER ?? '').toLowerCase() === 'tencent' ? 'tencent' : '';
  },
  /** Tencent's browser widget; the page's CSP admits its origin only while the provider is on. */
  get tencentCaptchaScriptUrl() {
    return process.env.TENCENT_CAPTCHA_SCRIPT_URL || TENCENT_CAPTCHA_SCRIPT_DEFAULT;
  },
  /**
   * The map's optional base layer (ADR 0202): raw settings, checked by `mapTileLayer()`;
   * MAP_TILE_URL empty (the default) draws the boundaries alone.
   */
  get mapTileSettings() {
    return {
      url: process.env.MAP_TILE_URL,
      subdomains: process.env.MAP_TILE_SUBDOMAINS,
      attribution: process.env.MAP_TILE_ATTRIBUTION,
      datum: process.env.MAP_TILE_DATUM,
      minZoom: process.env.MAP_TILE_MIN_ZOOM,
      maxZoom: process.env.MAP_TILE_MAX_ZOOM,
    };
  },
  /** OpenAI-compatible model of the AI assistant (ADR 0130); '' means the built-in parser only. */
  get llmBaseUrl() {
    return process.env.LLM_BASE_URL || '';
  },
  get llmApiKey() {
    return process.env.LLM_API_KEY || '';
  },
  get llmModel() {
    return process.env.LLM_MODEL || '';
  },
  /** Longer than this and the assistant answers with the parser and says so. */
  get llmTimeoutMs() {
    return Math.max(1, int('LLM_TIMEOUT_MS', 5000));
  },
};
