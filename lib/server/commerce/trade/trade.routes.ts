import 'server-only';
import {
  alipayNotify,
  confirmDemoPay,
  getDemoPayOrder,
  getVipList,
  getVipOrderPage,
  getVipOrderPaySuccessInfo,
  getVipOrderQrcodeKey,
  getVipOrderQrcodeKeyStatus,
  wechatPayNotify,
  type PayChannel,
} from '@/lib/shared/trade/trade.contract';
import {
  defineRoute,
  type ClientInfo,
  BodyTooLargeError,
  readBodyLimited,
} from '@/lib/server/platform';
import { listVipEditions } from './catalogue.service';
import { confirmPayment, logPaymentEvent } from './fulfil.service';
import {
  confirmDemoPayment,
  createOrderQr,
  demoPayOrder,
  orderQrStatus,
  pageOrders,
  paySuccessInfo,
} from './order.service';
import { PaymentCallbackRejected } from './payment/payment.adapter';
import { paymentAdapter } from './payment/payment.config';

/** Notifications are small (WeChat ≈ 1 KB, Alipay ≈ 2 KB). */
const CALLBACK_MAX_BYTES = 64 * 1024;

/**
 * A provider's asynchronous notification: signature first, then the once-only application. The
 * provider is told to stop retrying for anything it sent (applied, duplicate, wrong amount —
 * logged for a person to look at) and told FAIL for what it did not send.
 */
async function handleCallback(channel: PayChannel, req: Request, client: ClientInfo) {
  const adapter = paymentAdapter(channel);
  if (!adapter || adapter.channel === 'demo')
    return new Response(JSON.stringify({ code: 'FAIL', message: '支付渠道未开启' }), {
      status: 404,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  let rawBody: string;
  try {
    rawBody = new TextDecoder().decode(await readBodyLimited(req, CALLBACK_MAX_BYTES));
  } catch (err) {
    if (!(err instanceof BodyTooLargeError)) throw err;
    await logPaymentEvent({
      channel,
      outcome: 'invalid',
      detail: { reason: 'too large' },
      ip: client.ip,
    });
    return adapter.acknowledge(false, '通知过大');
  }
  try {
    const payment = await adapter.verifyCallback({ headers: req.headers, rawBody });
    await confirmPayment(channel, payment, { ip: client.ip, source: 'notify' });
    return adapter.acknowledge(true);
  } catch (err) {
    if (!(err instanceof PaymentCallbackRejected)) throw err;
    await logPaymentEvent({
      channel,
      outcome: err.reason,
      detail: { reason: err.message, bytes: rawBody.length },
      ip: client.ip,
    });
    return adapter.acknowledge(false, err.message);
  }
}

export const tradeRoutes = [
  defineRoute(getVipList, () => listVipEditions()),
  defineRoute(getVipOrderQrcodeKey, ({ auth, query }) => createOrderQr(auth, query)),
  defineRoute(getVipOrderPage, ({ auth, query }) => pageOrders(auth, query)),
  defineRoute(getVipOrderQrcodeKeyStatus, ({ auth, query }) =>
    orderQrStatus(auth, query.qrcodeKey),
  ),
  defineRoute(getVipOrderPaySuccessInfo, ({ auth, query }) =>
    paySuccessInfo(auth, query.qrcodeKey),
  ),
  defineRoute(wechatPayNotify, ({ req, client }) => handleCallback('wechat', req, client)),
  defineRoute(alipayNotify, ({ req, client }) => handleCallback('alipay', req, client)),
  defineRoute(getDemoPayOrder, ({ query }) => demoPayOrder(query.qrcodeKey)),
  defineRoute(confirmDemoPay, ({ body, client }) => confirmDemoPayment(body.qrcodeKey, client.ip)),
];
