import type { KeyObject } from 'node:crypto';
import {
  PaymentCallbackRejected,
  PaymentProviderError,
  type PaymentAdapter,
  type VerifiedPayment,
} from './payment.adapter';
import {
  authorizationHeader,
  checkSignature,
  decryptResource,
  readSignedHeaders,
  rfc3339China,
  type EncryptedResource,
} from './wechatpay-v3';

export type WechatPayConfig = {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose key signs our requests. */
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  /** Platform certificates / WeChat Pay public key by serial. */
  verifiers: ReadonlyMap<string, KeyObject>;
  notifyUrl: string;
  baseUrl: string;
};

/** The decrypted transaction of a notification, or a query answer (fields we read). */
type Transaction = {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
};

type Notification = {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: EncryptedResource;
};

/** WeChat Pay v3 Native (扫码支付): code_url QR, signed notifications, order query. */
export function createWechatPayAdapter(
  cfg: WechatPayConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentAdapter {
  async function request(method: 'GET' | 'POST', urlPath: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetchImpl(`${cfg.baseUrl}${urlPath}`, {
      method,
      headers: {
        authorization: authorizationHeader({
          mchId: cfg.mchId,
          serialNo: cfg.serialNo,
          privateKey: cfg.privateKey,
          method,
          urlPathWithQuery: urlPath,
          body,
        }),
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'leadradar-wechatpay/1',
      },
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    // Answers are signed like notifications: an unsigned or forged answer is not trusted.
    const check = checkSignature(readSignedHeaders(res.headers), text, cfg.verifiers);
    if (check !== 'ok')
      throw new PaymentProviderError(`微信支付应答验签失败（${check}，HTTP ${res.status}）`);
    const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    return { status: res.status, json };
  }

  function toPayment(t: Transaction, eventId: string): VerifiedPayment {
    if (t.mchid !== cfg.mchId || t.appid !== cfg.appId)
      throw new PaymentCallbackRejected('forged', 'mchid/appid 与本商户不符');
    if (
      !t.out_trade_no ||
      typeof t.amount?.total !== 'number' ||
      !Number.isSafeInteger(t.amount.total)
    )
      throw new PaymentCallbackRejected('invalid', '通知内容缺少订单号或金额');
    if (t.amount.currency && t.amount.currency !== 'CNY')
      throw new PaymentCallbackRejected('invalid', `不支持的币种 ${t.amount.currency}`);
    return {
      orderNo: t.out_trade_no,
      providerTradeNo: t.transaction_id ?? '',
      amountFen: t.amount.total,
      paid: t.trade_state === 'SUCCESS',
      eventId,
      paidAt: t.success_time ? new Date(t.success_time) : null,
    };
  }

  return {
    channel: 'wechat',

    async createQr(order) {
      const { status, json } = await request('POST', '/v3/pay/transactions/native', {
        appid: cfg.appId,
        mchid: cfg.mchId,
        description: order.subject.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: rfc3339China(order.expiresAt),
        notify_url: cfg.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      if (status !== 200 || typeof json.code_url !== 'string')
        throw new PaymentProviderError(
          `微信支付下单失败：${String(json.code ?? status)} ${String(json.message ?? '')}`,
        );
      return { qrContent: json.code_url };
    },

    async verifyCallback({ headers, rawBody }) {
      const check = checkSignature(readSignedHeaders(headers), rawBody, cfg.verifiers);
      if (check === 'stale') throw new PaymentCallbackRejected('replayed', '通知时间戳超出 5 分钟');
      if (check !== 'ok') throw new PaymentCallbackRejected('forged', `通知验签失败（${check}）`);
      let note: Notification;
      try {
        note = JSON.parse(rawBody) as Notification;
      } catch {
        throw new PaymentCallbackRejected('invalid', '通知不是 JSON');
      }
      if (!note.resource) throw new PaymentCallbackRejected('invalid', '通知缺少 resource');
      let plain: string;
      try {
        plain = decryptResource(note.resource, cfg.apiV3Key);
      } catch {
        throw new PaymentCallbackRejected('forged', '通知 resource 解密失败');
      }
      let t: Transaction;
      try {
        t = JSON.parse(plain) as Transaction;
      } catch {
        throw new PaymentCallbackRejected('invalid', '通知 resource 不是 JSON');
      }
      const payment = toPayment(t, note.id ?? '');
      return { ...payment, paid: payment.paid && note.event_type === 'TRANSACTION.SUCCESS' };
    },

    acknowledge(accepted, message) {
      return new Response(
        JSON.stringify(
          accepted
            ? { code: 'SUCCESS', message: '成功' }
            : { code: 'FAIL', message: message ?? '失败' },
        ),
        {
          status: accepted ? 200 : 400,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        },
      );
    },

    async queryPayment(orderNo) {
      const { status, json } = await request(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(cfg.mchId)}`,
      );
      if (status === 404) return null;
      if (status !== 200)
        throw new PaymentProviderError(`微信支付查单失败：${String(json.code ?? status)}`);
      const t = json as Transaction;
      return toPayment(t, `query:${t.transaction_id ?? orderNo}`);
    },
  };
}
