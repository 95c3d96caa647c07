'use client';

import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Spin } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { confirmDemoPay, getDemoPayOrder } from '@/lib/shared/trade/trade.endpoints';
import type { DemoPayOrder } from '@/lib/shared/trade/trade.contract';

type Phase = 'loading' | 'ready' | 'paid' | 'expired' | 'missing' | 'unavailable';

const silent = { silent: true } as const;

function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100).toLocaleString('zh-CN')}.${String(fen % 100).padStart(2, '0')}`;
}

/** /payDemo?key=…: the demo stand-in for paying with a phone wallet. */
export function PayDemoConfirm({ qrcodeKey }: { qrcodeKey: string }) {
  const [order, setOrder] = useState<DemoPayOrder | null>(null);
  const [phase, setPhase] = useState<Phase>(qrcodeKey ? 'loading' : 'missing');
  const [busy, setBusy] = useState(false);

  const show = useCallback((o: DemoPayOrder) => {
    setOrder(o);
    setPhase(o.status === 'pending' ? 'ready' : o.status === 'paid' ? 'paid' : 'expired');
  }, []);

  const fail = useCallback((err: unknown) => {
    setPhase(
      err instanceof ApiClientError && err.code === ERRORS.NOT_IMPLEMENTED.code
        ? 'unavailable'
        : 'missing',
    );
  }, []);

  useEffect(() => {
    if (!qrcodeKey) return;
    let live = true;
    call(getDemoPayOrder, { query: { qrcodeKey } }, silent).then(
      (o) => live && show(o),
      (err: unknown) => live && fail(err),
    );
    return () => {
      live = false;
    };
  }, [qrcodeKey, show, fail]);

  const pay = async () => {
    setBusy(true);
    try {
      const status = await call(confirmDemoPay, { body: { qrcodeKey } }, silent);
      setPhase(status === 'paid' ? 'paid' : 'expired');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ maxWidth: 420, margin: '0 auto', padding: '32px 16px' }}>
      <Card title={`${PRODUCT_NAME} · 演示支付`}>
        {phase === 'loading' && (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        )}
        {phase === 'ready' && order && (
          <>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
              <Descriptions.Item label="商品">{order.subject}</Descriptions.Item>
              <Descriptions.Item label="企业">{order.tenantName}</Descriptions.Item>
              <Descriptions.Item label="金额">
                <strong>{yuan(order.amountFen)}</strong>
              </Descriptions.Item>
            </Descriptions>
            <p style={{ color: '#888', fontSize: 12 }}>
              这是演示支付渠道，确认后订单即视为已支付，不会产生真实扣款。
            </p>
            <Button type="primary" block size="large" loading={busy} onClick={pay}>
              确认支付
            </Button>
          </>
        )}
        {phase === 'paid' && (
          <StatusNotice status="success" title="支付成功" subTitle="请回到电脑上查看开通结果" />
        )}
        {phase === 'expired' && (
          <StatusNotice
            status="warning"
            title="二维码已过期"
            subTitle="请在电脑上刷新二维码后重新扫码"
          />
        )}
        {phase === 'missing' && <StatusNotice status="404" title="订单不存在" />}
        {phase === 'unavailable' && (
          <StatusNotice status="info" title="演示支付未开启" subTitle="当前站点使用真实支付渠道" />
        )}
      </Card>
    </main>
  );
}
