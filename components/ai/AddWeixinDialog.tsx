'use client';

import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { QrImage } from '@/components/account/QrImage';
import { useAccountProfile } from '@/components/account/account-session';
import { SmsCodeField } from '@/components/account/SmsCodeField';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { createAddWeixinTask, getAddWeixinTaskPrice } from '@/lib/shared/ai/outreach.endpoints';
import {
  getVipOrderQrcodeKey,
  getVipOrderQrcodeKeyStatus,
} from '@/lib/shared/trade/trade.endpoints';
import type { AddWeixinPrice, AddWeixinTask } from '@/lib/shared/ai/outreach.contract';
import {
  OUTREACH_DAILY_CAP_DEFAULT,
  OUTREACH_DAILY_CAP_MAX,
  OUTREACH_GREETING_MAX,
  OUTREACH_TITLE_MAX,
} from '@/lib/shared/ai/outreach.constants';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { SMS_SCENES } from '@/lib/shared/validation/sms-scenes';
import { formatYuan } from '@/components/vip/format-money';
import { useFeedback } from '@/lib/client/feedback';

type Values = {
  title: string;
  greeting: string;
  dailyCap: number;
  days: number;
  /** Sending hours (China time): [start, end), 0-24 is all day. */
  window: [number, number];
  code?: string;
};

const HOURS = Array.from({ length: 25 }, (_, h) => ({ value: h, label: `${h}:00` }));

const newRequestId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Buying a credit pack (the order and payment flow of the member centre), inside the dialog. */
function PackPay({ productId, onPaid }: { productId: number; onPaid: () => void }) {
  const order = useQuery({
    queryKey: ['weixin-pack-order', productId],
    queryFn: () => call(getVipOrderQrcodeKey, { query: { productId } }),
    staleTime: Infinity,
    retry: false,
  });
  const key = order.data?.qrcodeKey;
  const status = useQuery({
    queryKey: ['weixin-pack-status', key],
    queryFn: async () =>
      (await call(getVipOrderQrcodeKeyStatus, { query: { qrcodeKey: key! } }, { silent: true }))
        .status,
    enabled: Boolean(key),
    refetchInterval: (q) => (q.state.data === 'paid' ? false : 2000),
  });
  useEffect(() => {
    if (status.data === 'paid') onPaid();
  }, [status.data, onPaid]);
  if (!order.data)
    return <p className="ent-muted">{order.isError ? '下单失败，请稍后重试' : '正在生成订单…'}</p>;
  return (
    <div data-testid="weixin-pack-pay" style={{ textAlign: 'center' }}>
      <p>
        应付金额 <strong>{formatYuan(order.data.amountFen)}</strong>
      </p>
      <QrImage value={order.data.qrContent} size={140} alt="支付二维码" />
      {order.data.channel === 'demo' ? (
        <p>
          <a
            href={order.data.qrContent}
            target="_blank"
            rel="noopener"
            data-testid="weixin-pack-demo-link"
          >
            在新窗口打开演示支付页
          </a>
        </p>
      ) : null}
      <p className="ent-muted">
        {status.data === 'paid' ? '已支付，余额已到账' : '支付后自动到账'}
      </p>
    </div>
  );
}

/**
 * 新建加微任务 from the companies picked in a reply (entIds) or the leads picked in 线索管理
 * (clueIds, their companies; the server checks permission and data scope): title, greeting, daily
 * cap, sending hours and duration; the balance and what it needs; the SMS confirmation (60 s)
 * before the day's first paid task (spec 9); and, when the balance is short (1010006011), the
 * credit packs to buy on the spot.
 */
export function AddWeixinDialog({
  open,
  onClose,
  taskId,
  entIds,
  clueIds,
  defaultTitle,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  taskId?: number;
  entIds?: number[];
  clueIds?: number[];
  defaultTitle: string;
  onCreated: (task: AddWeixinTask) => void;
}) {
  const picked = (entIds ?? clueIds ?? []).length;
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const profile = useAccountProfile();
  const requestId = useMemo(() => (open ? newRequestId() : ''), [open]);
  const [short, setShort] = useState<AddWeixinPrice | null>(null);
  const [buying, setBuying] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const priceInput = { query: { count: picked } };
  const price = useQuery({
    queryKey: contractKey(getAddWeixinTaskPrice, priceInput),
    queryFn: () => call(getAddWeixinTaskPrice, priceInput, { silent: true }),
    enabled: open,
    // The balance and the day's confirmation change with every task: always read afresh.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const p = short ?? price.data ?? null;

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await call(
        createAddWeixinTask,
        {
          body: {
            taskId,
            entIds,
            clueIds,
            title: v.title,
            greeting: v.greeting,
            dailyCap: v.dailyCap,
            windowStartHour: v.window[0],
            windowEndHour: v.window[1],
            endTime: Date.now() + v.days * 86_400_000,
            requestId,
            smsCode: v.code?.trim() || undefined,
          },
        },
        { silent: true },
      );
      message.success(`加微任务已创建：${r.addWeixinTask.total} 个联系人`);
      void queryClient.invalidateQueries({ queryKey: contractKey(getAddWeixinTaskPrice) });
      onCreated(r.addWeixinTask);
      onClose();
    } catch (err) {
      if (
        err instanceof ApiClientError &&
        err.code === ERRORS.ADD_CONTACT_BALANCE_INSUFFICIENT.code
      )
        setShort(err.data as AddWeixinPrice);
      else message.error(err instanceof Error ? err.message : '创建失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="新建加微任务"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="开始加微"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          title: defaultTitle.slice(0, OUTREACH_TITLE_MAX) || '加微任务',
          greeting: '您好，我是拓客雷达的顾问，看到贵公司的业务，想和您交流一下合作机会。',
          dailyCap: OUTREACH_DAILY_CAP_DEFAULT,
          days: 7,
          window: [0, 24],
        }}
      >
        <p className="ent-muted">
          {clueIds ? `已选 ${picked} 条线索：添加其企业` : `已选 ${picked} 家企业：添加其`}
          已解锁的手机号，每个联系人 1 次加微余额。
        </p>
        <Form.Item
          label="任务名称"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请输入任务名称' },
            { max: OUTREACH_TITLE_MAX, message: `任务名称最多 ${OUTREACH_TITLE_MAX} 个字` },
          ]}
        >
          <Input maxLength={OUTREACH_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          label="打招呼内容"
          name="greeting"
          rules={[
            { required: true, whitespace: true, message: '请输入打招呼内容' },
            { max: OUTREACH_GREETING_MAX, message: `打招呼内容最多 ${OUTREACH_GREETING_MAX} 个字` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={OUTREACH_GREETING_MAX} showCount />
        </Form.Item>
        <Space size="large">
          <Form.Item label="每日上限" name="dailyCap">
            <InputNumber min={1} max={OUTREACH_DAILY_CAP_MAX} precision={0} />
          </Form.Item>
          <Form.Item label="任务时长" name="days">
            <Select
              style={{ width: 120 }}
              options={[1, 3, 7, 15, 30].map((d) => ({ value: d, label: `${d} 天` }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          label="发送时段"
          required
          tooltip="只在每天的这段时间内添加（北京时间）"
          style={{ marginBottom: 12 }}
        >
          <Space.Compact>
            <Form.Item name={['window', 0]} noStyle>
              <Select style={{ width: 96 }} aria-label="开始时间" options={HOURS.slice(0, 24)} />
            </Form.Item>
            {/* An end before the start: the server's message (T.window) says so. */}
            <Form.Item name={['window', 1]} noStyle>
              <Select style={{ width: 96 }} aria-label="结束时间" options={HOURS.slice(1)} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {p ? (
          <p data-testid="weixin-balance">
            加微余额 <strong>{p.balance}</strong> 次{p.need > 0 ? `，最多需要 ${p.need} 次` : ''}
          </p>
        ) : null}
        {p?.confirmRequired && profile.data ? (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={`今天首个付费加微任务，请输入发送到 ${p.confirmMobile ?? ''} 的验证码`}
            />
            <SmsCodeField
              form={form}
              scene={SMS_SCENES.resetPassword}
              getMobile={() => profile.data?.accountInfo.mobile ?? undefined}
            />
          </>
        ) : null}
        {short ? (
          <Alert
            type="warning"
            showIcon
            data-testid="weixin-short"
            message={`加微余额不足：需要 ${short.need} 次，剩余 ${short.balance} 次`}
            description={
              <div>
                <Space wrap style={{ margin: '8px 0' }}>
                  {short.packs.map((pk) => (
                    <Button
                      key={pk.productId}
                      size="small"
                      type={buying === pk.productId ? 'primary' : 'default'}
                      onClick={() => setBuying(pk.productId)}
                      data-testid="weixin-pack"
                    >
                      {pk.name}（{formatYuan(pk.priceFen)}）
                    </Button>
                  ))}
                </Space>
                {buying !== null ? (
                  <PackPay
                    productId={buying}
                    onPaid={() => {
                      setShort(null);
                      setBuying(null);
                      void queryClient.invalidateQueries({
                        queryKey: contractKey(getAddWeixinTaskPrice),
                      });
                    }}
                  />
                ) : null}
              </div>
            }
          />
        ) : null}
      </Form>
    </Modal>
  );
}
