import { AlipaySdk } from 'alipay-sdk';
import { fenToYuanString, yuanStringToFen } from '../money';
import {
  PaymentCallbackRejected,
  PaymentProviderError,
  type PaymentAdapter,
  type VerifiedPayment,
} from './payment.adapter';
import { MAX_CLOCK_SKEW_SECONDS } from './wechatpay-v3';

export type AlipayConfig = {
  appId: string;
  /** Application private key (PEM, or the bare base64 Alipay's key tool prints). */
  privateKey: string;
  /** Alipay public key of the application, for notifications and answers. */
  alipayPublicKey: string;
  keyType: 'PKCS1' | 'PKCS8';
  gateway?: string;
  notifyUrl: string;
};

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * notify_time (China time, when Alipay sent the notification; every retry has its own) as an
 * instant; null when absent or malformed.
 */
function notifyInstant(value: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(t) ? null : t;
}

/** yyyy-MM-dd HH:mm:ss in China time, as Alipay's time_expire is written. */
function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay face-to-face precreate (当面付 扫码): qr_code QR, RSA2-signed notifications, trade query. */
export function createAlipayAdapter(cfg: AlipayConfig, sdk?: AlipaySdk): PaymentAdapter {
  const client =
    sdk ??
    new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      alipayPublicKey: cfg.alipayPublicKey,
      keyType: cfg.keyType,
      signType: 'RSA2',
      timeout: 10_000,
      ...(cfg.gateway ? { gateway: cfg.gateway } : {}),
    });

  function readPayment(fields: Record<string, string>, eventId: string): VerifiedPayment {
    const amountFen = yuanStringToFen(fields.total_amount);
    if (!fields.out_trade_no || amountFen === null)
      throw new PaymentCallbackRejected('invalid', '通知缺少订单号或金额');
    return {
      orderNo: fields.out_trade_no,
      providerTradeNo: fields.trade_no ?? '',
      amountFen,
      paid: PAID_STATES.has(fields.trade_status ?? ''),
      eventId,
      paidAt: fields.gmt_payment ? new Date(`${fields.gmt_payment.replace(' ', 'T')}+08:00`) : null,
    };
  }

  return {
    channel: 'alipay',

    async createQr(order) {
      const result = await client.exec(
        'alipay.trade.precreate',
        {
          notify_url: cfg.notifyUrl,
          bizContent: {
            out_trade_no: order.orderNo,
            total_amount: fenToYuanString(order.amountFen),
            subject: order.subject.slice(0, 256),
            time_expire: alipayTime(order.expiresAt),
          },
        },
        { validateSign: true },
      );
      if (result.code !== '10000' || typeof result.qrCode !== 'string')
        throw new PaymentProviderError(
          `支付宝预下单失败：${result.code} ${String(result.subMsg ?? result.msg ?? '')}`,
        );
      return { qrContent: result.qrCode };
    },

    async verifyCallback({ rawBody }) {
      const fields = Object.fromEntries(new URLSearchParams(rawBody));
      if (!fields.sign) throw new PaymentCallbackRejected('forged', '通知缺少签名');
      let valid = false;
      try {
        // Values are already URL-decoded by URLSearchParams: verify them as they are.
        valid = client.checkNotifySign(fields, true);
      } catch {
        valid = false;
      }
      if (!valid) throw new PaymentCallbackRejected('forged', '通知验签失败');
      if (fields.app_id !== cfg.appId)
        throw new PaymentCallbackRejected('forged', 'app_id 与本应用不符');
      // The freshness check WeChat Pay's notifications get (issue 28 item 6): a captured
      // notification replayed later is refused; Alipay retries with a new notify_time.
      const sentAt = notifyInstant(fields.notify_time);
      if (sentAt === null) throw new PaymentCallbackRejected('invalid', '通知缺少 notify_time');
      if (Math.abs(Date.now() - sentAt) > MAX_CLOCK_SKEW_SECONDS * 1000)
        throw new PaymentCallbackRejected('replayed', '通知时间超出 5 分钟');
      return readPayment(fields, fields.notify_id ?? '');
    },

    acknowledge(accepted) {
      return new Response(accepted ? 'success' : 'fail', {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    },

    async queryPayment(orderNo) {
      const result = await client.exec(
        'alipay.trade.query',
        {
          bizContent: { out_trade_no: orderNo },
        },
        { validateSign: true },
      );
      if (result.code === '40004' && result.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
      if (result.code !== '10000')
        throw new PaymentProviderError(
          `支付宝查单失败：${result.code} ${String(result.subMsg ?? '')}`,
        );
      return readPayment(
        {
          out_trade_no: String(result.outTradeNo ?? ''),
          trade_no: String(result.tradeNo ?? ''),
          total_amount: String(result.totalAmount ?? ''),
          trade_status: String(result.tradeStatus ?? ''),
          ...(result.sendPayDate ? { gmt_payment: String(result.sendPayDate) } : {}),
        },
        `query:${String(result.tradeNo ?? orderNo)}`,
      );
    },
  };
}
