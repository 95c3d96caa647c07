'use client';

import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Spin, Typography } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import dayjs from 'dayjs';
import { QrImage } from '@/components/account/QrImage';
import { call, contractKey } from '@/lib/client/request';
import { getCompanyVipInfo, getMyUnlockCredit } from '@/lib/shared/vip/vip.endpoints';
import {
  getVipOrderPage,
  getVipOrderPaySuccessInfo,
  getVipOrderQrcodeKey,
  getVipOrderQrcodeKeyStatus,
} from '@/lib/shared/trade/trade.endpoints';
import { loadSession } from '@/lib/client/session';
import type { PayChannel, QrStatus, VipPlan } from '@/lib/shared/trade/trade.contract';
import { countdown, formatYuan } from './format-money';

const POLL_MS = 3_000;
const MAX_POLL_MS = 30_000;

const CHANNEL_HINT: Record<PayChannel, string> = {
  wechat: '请使用微信扫码支付',
  alipay: '请使用支付宝扫码支付',
  demo: '演示支付：用手机扫码，或点击下方链接在新窗口确认支付',
};

/**
 * The cash step: one order's QR with its amount and countdown, polling the order's status until
 * it is paid (then the success page) or the QR expires (then 刷新二维码 makes a new one). A failed
 * poll keeps the order pending and tries again later, waiting longer each time.
 */
export function CashPanel({
  plan,
  editionName,
  onBack,
}: {
  plan: VipPlan;
  editionName: string;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [pollDelay, setPollDelay] = useState(POLL_MS);

  const order = useQuery({
    queryKey: ['member-center-order', plan.productId, attempt],
    queryFn: () => call(getVipOrderQrcodeKey, { query: { productId: plan.productId } }),
    staleTime: Infinity,
    retry: false,
  });
  const key = order.data?.qrcodeKey;
  const status = useQuery({
    queryKey: ['member-center-order-status', key],
    queryFn: async (): Promise<QrStatus> => {
      try {
        const s = await call(
          getVipOrderQrcodeKeyStatus,
          { query: { qrcodeKey: key! } },
          { silent: true },
        );
        setPollDelay(POLL_MS);
        return s.status;
      } catch {
        // Still pending as far as anyone knows: ask again, later each time.
        setPollDelay((d) => Math.min(MAX_POLL_MS, d * 2));
        return 'pending';
      }
    },
    enabled: Boolean(key),
    refetchInterval: (q) => (q.state.data === 'pending' || !q.state.data ? pollDelay : false),
  });
  const paid = status.data === 'paid';
  const success = useQuery({
    queryKey: ['member-center-pay-success', key],
    queryFn: () => call(getVipOrderPaySuccessInfo, { query: { qrcodeKey: key! } }),
    enabled: paid,
  });

  useEffect(() => {
    if (paid || !order.data) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [paid, order.data]);

  useEffect(() => {
    if (!paid) return;
    // The edition badge, quota and menus follow the new edition.
    void loadSession();
    for (const c of [getCompanyVipInfo, getMyUnlockCredit, getVipOrderPage])
      void queryClient.invalidateQueries({ queryKey: contractKey(c) });
  }, [paid, queryClient]);

  if (order.isPending)
    return <Spin tip="正在生成订单…" style={{ display: 'block', padding: 48 }} />;
  if (order.isError)
    return (
      <StatusNotice
        status="error"
        title="下单失败"
        subTitle={order.error.message}
        extra={[
          <Button key="retry" type="primary" onClick={() => setAttempt((a) => a + 1)}>
            重试
          </Button>,
          <Button key="back" onClick={onBack}>
            返回
          </Button>,
        ]}
      />
    );

  if (paid) {
    const info = success.data;
    return (
      <StatusNotice
        status="success"
        title="支付成功"
        subTitle={info ? `已开通${info.editionName}` : '正在开通…'}
        extra={<Button onClick={onBack}>完成</Button>}
      >
        {info ? (
          <Descriptions size="small" column={1} bordered data-testid="pay-success">
            <Descriptions.Item label="订单号">{info.orderNo}</Descriptions.Item>
            <Descriptions.Item label="支付金额">{formatYuan(info.amountFen)}</Descriptions.Item>
            <Descriptions.Item label="当前版本">{info.editionName}</Descriptions.Item>
            <Descriptions.Item label="有效期至">
              {info.expireTime ? dayjs(info.expireTime).format('YYYY-MM-DD') : '长期'}
            </Descriptions.Item>
            <Descriptions.Item label="每月解锁额度">{info.monthlyUnlockQuota}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </StatusNotice>
    );
  }

  const qr = order.data;
  const expired = status.data === 'expired' || status.data === 'closed' || now >= qr.expireTime;
  return (
    <div className="vip-cash" data-testid="vip-cash">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {plan.name.includes(editionName) ? plan.name : `${editionName} · ${plan.name}`}
      </Typography.Title>
      <div className="vip-cash-amount">
        应付金额 <strong>{formatYuan(qr.amountFen)}</strong>
      </div>
      <div className={expired ? 'vip-cash-qr vip-cash-qr-expired' : 'vip-cash-qr'}>
        <QrImage value={qr.qrContent} size={180} alt="支付二维码" />
        {expired ? (
          <div className="vip-cash-qr-mask">
            <span>二维码已过期</span>
            <Button type="primary" onClick={() => setAttempt((a) => a + 1)}>
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      {expired ? null : (
        <p className="vip-cash-hint" aria-live="polite">
          {CHANNEL_HINT[qr.channel]}，剩余 {countdown(qr.expireTime, now)}
        </p>
      )}
      {qr.channel === 'demo' && !expired ? (
        <a href={qr.qrContent} target="_blank" rel="noopener" data-testid="demo-pay-link">
          在新窗口打开演示支付页
        </a>
      ) : null}
      {pollDelay > POLL_MS ? (
        <Alert type="warning" showIcon message="支付状态查询暂时失败，正在重试…" />
      ) : null}
      <p className="ent-muted">订单号 {qr.orderNo}</p>
      <Button onClick={onBack}>返回选择版本</Button>
    </div>
  );
}
