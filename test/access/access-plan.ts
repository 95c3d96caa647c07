import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDefinition } from '@/lib/server/platform/http/define-route';
import { operationPath } from '@/lib/shared/api/contract';
import { fieldPaths, plausibleValue, withValueAt } from '@/test/fuzz/zod-walk';
import { toJsonText, toSearch } from '@/test/fuzz/bad-input';
import type { OwnerIds } from './owner-fixture';

/**
 * What the access suite sends for each operation of the route registry (ADR 0207): the
 * operation's plausible input (the fuzz walk's generator, so it passes the contract) with every
 * id-like field pointing at one of the owner's real rows.
 */

/** `METHOD path` (with `?param=value` for an operation chosen by a query parameter). */
export const routeKey = (r: RouteDefinition) => `${r.method} ${operationPath(r)}`;

// ---- Routes public by design: each with why it needs no token ----

const SIGN_IN = 'signing in, signing up and recovering an account happen before there is a token';
const SESSION_END = 'ends the session of the token it is sent with (or none): nothing to protect';
const QR = 'WeChat QR sign-in runs before there is a token; a ticket is the capability';
const CALLBACK =
  'called by a provider (WeChat, Alipay, the add-contact service), authenticated by its signature, not a token';
const DEMO_PAY =
  'the demo payment page a phone opens from the QR code; the unguessable qrcodeKey is the capability (ADR of trade demo pay)';
const COMPANY =
  'public company data (spec 2.1, SEO pages): real contacts stay masked unless the caller’s tenant unlocked them (no-contact-leak.api.test.ts)';
const SEARCH =
  'public company search for visitors (spec 2.1, 7.3), per-IP budget; contacts masked (no-contact-leak.api.test.ts)';
const CONTENT =
  'published content (policies, news, industry lists, finance events) for visitors and SEO';
const CAPTCHA = 'the captcha is solved before sign-in';
const CATALOGUE = 'the catalogue a visitor reads before buying or signing in (no tenant data)';
const FILE =
  'files are addressed by an unguessable key (avatars, logos shown on public pages); private files are served through jobs';
const TRACK = 'visitor analytics: writes the caller’s own page views only';
const PARTNER = 'partner sign-in exchange: a signed one-time code is the credential (ADR 0206)';
const INVITE =
  'an invitee reads the inviting company’s name before signing up; the code is the capability';

export const PUBLIC_BY_DESIGN: Record<string, string> = {
  'POST /system/auth/refresh-token': 'the refresh token in the request is the credential',
  'POST /system/auth/logout': SESSION_END,
  'POST /system/auth/login': SIGN_IN,
  'POST /system/auth/send-sms-code': SIGN_IN,
  'POST /system/auth/sms-login': SIGN_IN,
  'POST /system/auth/sign-up-by-mobile': SIGN_IN,
  'POST /system/auth/bind-enterprise': `${SIGN_IN}; a register ticket bound to the browser is the credential`,
  'POST /system/auth/reset-password': SIGN_IN,
  'GET /system/auth/enterprise-suggest': `${SIGN_IN} (company names for the sign-up form)`,
  'GET /system/auth/get-login-info-by-mobile': `${SIGN_IN} (which sign-in tab to show)`,
  'GET /mp/qrcode/create-qrcode-ticket': QR,
  'GET /mp/qrcode/get-qrcode-status': QR,
  'POST /system/auth/qrcode-login': QR,
  'POST /system/auth/wx-mp-bind-mobile-login': QR,
  'POST /system/pcwx/fast/auth/login': QR,
  'GET /mp/qrcode/phone/ticket-info': QR,
  'POST /mp/qrcode/phone/continue-as-new': QR,
  'POST /mp/qrcode/phone/web-code': QR,
  'GET /mp/callback': CALLBACK,
  'POST /mp/callback': CALLBACK,
  'GET /system/tenant/get-id-by-username': `${SIGN_IN} (yudao's tenant lookup by name, answers an id only)`,
  'GET /system/sztk_user/join/get-invitation-by-code': INVITE,
  'PUT /system/sztk_user/join/cancel-join': `${SIGN_IN}: withdrawing one's own join request, proved by the register ticket`,
  'GET /product/vip/get-list': CATALOGUE,
  'POST /trade/pay-notify/wechat': CALLBACK,
  'POST /trade/pay-notify/alipay': CALLBACK,
  'GET /trade/pay-demo/get': DEMO_PAY,
  'POST /trade/pay-demo/confirm': DEMO_PAY,
  'GET /infra/file/get/{key}': FILE,
  'GET /system/feature-nav/list-for-user':
    'the tool menu, shown to visitors too (usage marks need a token)',
  'GET /system/feature-nav/common-list-for-user': 'the tool menu, shown to visitors too',
  'POST /system/track-log/log': TRACK,
  'POST /szjk/enterprise/get-enterprise-state': COMPANY,
  'POST /szjk/enterprise/get-data': COMPANY,
  'GET /shuzhituoke/enterprise-info/get': COMPANY,
  'GET /shuzhituoke/enterprise-info/registration': COMPANY,
  'GET /shuzhituoke/enterprise-info/shareholders': COMPANY,
  'GET /shuzhituoke/enterprise-info/people': COMPANY,
  'GET /shuzhituoke/enterprise-info/changes': COMPANY,
  'GET /shuzhituoke/enterprise-info/investments': COMPANY,
  'GET /shuzhituoke/enterprise-info/branches': COMPANY,
  'GET /shuzhituoke/enterprise-info/financing': COMPANY,
  'GET /shuzhituoke/enterprise-info/honors': COMPANY,
  'GET /shuzhituoke/enterprise-info/chains': COMPANY,
  'GET /shuzhituoke/enterprise-info/annual-reports': COMPANY,
  'POST /shuzhituoke/enterprise-government-honors/get-list': COMPANY,
  'POST /shuzhituoke/enterprise-info/get-info-recently': COMPANY,
  'POST /shuzhituoke/enterprise-info/get-contact-general-info': COMPANY,
  'POST /shuzhituoke/enterprise-industry-chain-code/get-list': COMPANY,
  'POST /shuzhituoke/enterprise-obtaining-financing/list': COMPANY,
  'GET /shuzhituoke/enterprise-manage-info/get': COMPANY,
  'GET /shuzhituoke/enterprise-info/annual-report-detail': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/ent-map': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/relationship-map': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/next-ent': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/next-main-person': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/equity-penetration': COMPANY,
  'GET /shuzhituoke/enterprise-relationship-map/actual-person-map': COMPANY,
  'POST /sztk/data/openapi?urlPath=/enterprise/search': SEARCH,
  'POST /sztk/data/openapi?urlPath=/enterprise/suggest': SEARCH,
  'POST /sztk/data/openapi?urlPath=/config/static': SEARCH,
  'POST /sztk/data/openapi?urlPath=/advanced-search/count': SEARCH,
  'POST /sztk/data/openapi?urlPath=/advanced-search/page': SEARCH,
  'POST /sztk/data/openapi-free?urlPath=/enterprise/search': SEARCH,
  'POST /sztk/data/openapi-free?urlPath=/enterprise/suggest': SEARCH,
  'POST /sztk/data/openapi-free?urlPath=/config/static': SEARCH,
  'POST /sztk/data/openapi-free?urlPath=/advanced-search/count': SEARCH,
  'POST /sztk/data/openapi-free?urlPath=/advanced-search/page': SEARCH,
  'POST /sztk/data/openapi3?urlPath=/enterprise/search': SEARCH,
  'POST /sztk/data/openapi3?urlPath=/enterprise/suggest': SEARCH,
  'POST /sztk/data/openapi3?urlPath=/config/static': SEARCH,
  'POST /sztk/data/openapi3?urlPath=/advanced-search/count': SEARCH,
  'POST /sztk/data/openapi3?urlPath=/advanced-search/page': SEARCH,
  'GET /shuzhituoke/intelligent-search/get-search-condition': SEARCH,
  'POST /system/captcha/get': CAPTCHA,
  'POST /system/captcha/check': CAPTCHA,
  'GET /system/captcha/provider': CAPTCHA,
  'POST /shuzhituoke/advanced-search/count': SEARCH,
  'POST /shuzhituoke/advanced-search/page': SEARCH,
  'POST /shuzhituoke/park/search': SEARCH,
  'POST /system/park/exchange-entry-code': `${PARTNER} (park entry code)`,
  'POST /tanji/auth/exchange-code': PARTNER,
  'GET /shuzhituoke/shuzhituoke_industry_research_report/page': CONTENT,
  'GET /shuzhituoke/shuzhituoke_industry_research_report/get': CONTENT,
  'GET /shuzhituoke/policy/page': CONTENT,
  'GET /shuzhituoke/policy/get': CONTENT,
  'GET /shuzhituoke/policy/compare': CONTENT,
  'GET /shuzhituoke/subsidy/get': CONTENT,
  'GET /shuzhituoke/industry-news/page': CONTENT,
  'GET /shuzhituoke/industry-news/get': CONTENT,
  'GET /shuzhituoke/industry-list/list': CONTENT,
  'GET /shuzhituoke/industry-list/page': CONTENT,
  'GET /shuzhituoke/finance/event-page': CONTENT,
  'GET /shuzhituoke/finance/project': CONTENT,
  'GET /shuzhituoke/finance/institution': CONTENT,
  'GET /shuzhituoke/intelligent-search/v2/get-all-query-category': `${SEARCH} (the AI page's category list)`,
  'GET /shuzhituoke/intelligent-search/v2/get-add-weixin-task-price': CATALOGUE,
  'POST /outreach/provider-callback': CALLBACK,
  'GET /shuzhituoke/digital-employee/config':
    'the published 数字员工 configuration document (ETag) the page and partners read',
};

/**
 * Operations whose generated input stays invalid for their contract (a value only a real client
 * has), with why that leaves nothing out: their callers are still refused or not at the gate, but
 * a caller past it meets a 400 before the handler.
 */
export const INPUT_STAYS_INVALID: Record<string, string> = {
  'POST /system/auth/send-sms-code':
    'public; the scene must be one the form sends, which the generator cannot tell from the number type; takes no owner id',
  'POST /shuzhituoke/map/search':
    'a map point must lie in China (a refinement of the pair); searches public companies, takes no owner id',
  'POST /shuzhituoke/map/points':
    'a map point and bounds must lie in China; public companies, takes no owner id',
  'GET /shuzhituoke/industry-chain/get':
    'the chain code must be one of the published chains; published content, takes no owner id',
};

// ---- Ids of the owner's rows for a field ----

type IdSource = (ids: OwnerIds) => number;

/** `id` / `ids` name the row of the route's own domain: chosen by the path. */
const ID_BY_PATH: [RegExp, IdSource][] = [
  [/\/opportunity\/stage\//, (i) => i.stageId],
  [/\/opportunity\//, (i) => i.opportunityId],
  [/\/customer\//, (i) => i.customerId],
  [/\/clue\/|\/data-management\//, (i) => i.clueId],
  [/\/list-view\//, (i) => i.viewId],
  [/\/system\/user\//, (i) => i.adminId],
  [/\/system\/role\//, (i) => i.roleId],
  [/\/system\/dept\//, (i) => i.deptId],
  [/\/system\/tenant\//, (i) => i.tenantId],
  [/\/trade\/order\//, (i) => i.orderId],
  [/\/szjk\/job\//, (i) => i.jobId],
  [/\/report-created\//, (i) => i.reportId],
  [/\/search-condition-template/, (i) => i.templateId],
  [/\/notify-message\//, (i) => i.notificationId],
  [/\/join\//, (i) => i.joinRequestId],
  [/\/shuzhituoke\/enterprise|\/szjk\/enterprise\//, (i) => i.enterpriseId],
];

/** Other id fields name their row by their own name. */
const ID_BY_FIELD: [RegExp, IdSource][] = [
  [/^(clueIds?|keepId)$/, (i) => i.clueId],
  [/^mergeIds$/, (i) => i.secondClueId],
  [/^customerIds?$/, (i) => i.customerId],
  [/^opportunityIds?$/, (i) => i.opportunityId],
  [/^stageIds?$/, (i) => i.stageId],
  [/^(taskId|aiTaskId)$/, (i) => i.aiTaskId],
  [/^(messageId|editOfMessageId)$/, (i) => i.aiMessageId],
  [/^(userIds?|followUserIds?|ownerUserIds?|memberIds)$/, (i) => i.adminId],
  [/^roleIds?$/, (i) => i.roleId],
  [/^(deptIds?|parentId|dataScopeDeptIds)$/, (i) => i.deptId],
  [/^jobId$/, (i) => i.jobId],
  [/^tenantId$/, (i) => i.tenantId],
  [/^(entIds?|enterpriseId|pid)$/, (i) => i.enterpriseId],
];

function idFor(route: RouteDefinition, field: string, ids: OwnerIds): number | undefined {
  if (field === 'id' || field === 'ids')
    return ID_BY_PATH.find(([re]) => re.test(route.path))?.[1](ids);
  return ID_BY_FIELD.find(([re]) => re.test(field))?.[1](ids);
}

/**
 * `value` with what its schema refuses left out: the generator's stand-ins fail the refinements
 * of some optional fields (a credit code, an e-mail, a date range, a map point), and the request
 * must pass the contract to reach the handler. A field is dropped at the deepest level that clears
 * its issue; a required one stays (the input then stays invalid, and is counted so).
 */
function withoutRefused(schema: z.ZodType, value: unknown): unknown {
  let current = value;
  for (let round = 0; round < 20; round++) {
    const parsed = schema.safeParse(current);
    if (parsed.success) return current;
    const path = parsed.error.issues[0].path as (string | number)[];
    const cleared = [...path.keys()]
      .map((i) => path.length - i)
      .map((depth) => ({ depth, next: withValueAt(current, path.slice(0, depth), undefined) }))
      .find(({ depth, next }) => {
        const again = schema.safeParse(next);
        const prefix = path.slice(0, depth).join('.');
        return (
          again.success || !again.error.issues.some((i) => i.path.join('.').startsWith(prefix))
        );
      });
    if (!cleared) return current;
    current = cleared.next;
  }
  return current;
}

/**
 * The plausible input with each top-level id field set to the owner's row, in whichever form the
 * schema takes (number, text, list, comma list); a field whose forms all fail keeps its value.
 */
function pointAtOwner(
  route: RouteDefinition,
  schema: z.ZodType,
  ids: OwnerIds,
): { value: unknown; pointed: string[] } {
  let value = withoutRefused(schema, plausibleValue(schema));
  const pointed: string[] = [];
  for (const [field] of fieldPaths(schema).filter((p) => p.length === 1) as [string][]) {
    const id = idFor(route, field, ids);
    if (id === undefined) continue;
    const forms = [id, String(id), [id], [String(id)], `${id}`];
    for (const form of forms) {
      const next = withValueAt(value, [field], form);
      if (schema.safeParse(next).success) {
        value = next;
        pointed.push(field);
        break;
      }
    }
  }
  return { value, pointed };
}

export type AccessRequest = {
  method: string;
  /** Path under /admin-api with its query string. */
  url: string;
  body?: string;
  form?: FormData;
  /** Fields that name the owner's rows. */
  pointed: string[];
  /** The input passes the contract's schemas, so a signed-in caller reaches the handler. */
  valid: boolean;
};

/** The request for `route` whose ids point at the owner's rows. */
export function accessRequest(route: RouteDefinition, ids: OwnerIds): AccessRequest {
  const op = route.operation;
  let query: Record<string, unknown> = {};
  let valid = true;
  const pointed: string[] = [];
  if (route.query) {
    const q = pointAtOwner(route, route.query, ids);
    query = q.value as Record<string, unknown>;
    pointed.push(...q.pointed);
    valid &&= route.query.safeParse(query).success;
  }
  if (op) query = { ...query, [op.param]: op.value };
  // The one path parameter of the registry (a file key): the owner's rows have none.
  const path = route.path.replace(/\{(\w+)\}/g, 'abc');
  let body: string | undefined;
  let form: FormData | undefined;
  if (route.bodyType === 'multipart') form = new FormData();
  else if (route.body) {
    const b = pointAtOwner(route, route.body, ids);
    pointed.push(...b.pointed);
    valid &&= route.body.safeParse(b.value).success;
    body = toJsonText(b.value);
  }
  return { method: route.method, url: path + toSearch(query), body, form, pointed, valid };
}

// ---- Sampling ----

/** `n` operations drawn without replacement by `seed` (all of them when n ≥ the count). */
export function sampleRoutes<T>(all: T[], n: number, seed: number): T[] {
  if (n >= all.length) return all;
  const subset = fc.shuffledSubarray(all, { minLength: n, maxLength: n });
  return fc.sample(subset, { seed, numRuns: 1 })[0];
}
