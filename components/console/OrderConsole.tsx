'use client';

import { FilterSelect } from '@/components/crm/FilterSelect';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Spin,
  Table,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { useMediaQuery } from '@/lib/client/media-query';
import { FilterSearch, PagedTable, usePaging } from '@/components/crm/paged-list';
import { errorText } from '@/components/employee/errors';
import {
  getConsoleOrder,
  getConsoleOrderPage,
  markOrderRefunded,
} from '@/lib/shared/console/console.endpoints';
import {
  CONSOLE_PERMISSIONS,
  type ConsoleOrder,
  type ConsoleOrderStatus,
} from '@/lib/shared/console/console.contract';
import { yuan } from './ConsoleGate';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_KEY = contractKey(getConsoleOrderPage);
const DETAIL_KEY = contractKey(getConsoleOrder);

export const ORDER_STATUS_LABEL: Record<ConsoleOrderStatus, { text: string; color: string }> = {
  pending: { text: '待支付', color: 'gold' },
  expired: { text: '已过期', color: 'default' },
  paid: { text: '已支付', color: 'green' },
  closed: { text: '已关闭', color: 'default' },
  refunded: { text: '已退款', color: 'purple' },
};
const CHANNEL_LABEL: Record<string, string> = {
  demo: '演示支付',
  wechat: '微信支付',
  alipay: '支付宝',
};
const OUTCOME_LABEL: Record<string, string> = {
  applied: '已入账',
  duplicate: '重复通知',
  forged: '签名无效',
  replayed: '重放',
  amount_mismatch: '金额不符',
  unknown_order: '未知订单',
  not_paid: '未支付',
  invalid: '格式错误',
};

const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 订单与支付: every tenant's orders by order no, tenant, status and day; detail and refund marking. */
export function OrderConsole() {
  const [orderNo, setOrderNo] = useState('');
  const [tenant, setTenant] = useState('');
  const [status, setStatus] = useState<ConsoleOrderStatus | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const paging = usePaging(10);
  const { filter } = paging;
  const [openId, setOpenId] = useState<number | null>(null);
  const query = {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    orderNo: orderNo || undefined,
    tenant: tenant || undefined,
    status,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
  };
  const page = useQuery({
    queryKey: [...PAGE_KEY, query],
    queryFn: () => call(getConsoleOrderPage, { query }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const columns: ColumnsType<ConsoleOrder> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      render: (v: string, o) => (
        <div className="console-cell">
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(o.id)}>
            {v}
          </Button>
          <span className="console-sub">{o.subject}</span>
        </div>
      ),
    },
    {
      title: '租户',
      dataIndex: 'tenantName',
      render: (v: string, o) => (
        <div className="console-cell">
          <span>{v}</span>
          <span className="console-sub">下单人 {o.userName || o.userId}</span>
        </div>
      ),
    },
    { title: '金额', dataIndex: 'amountFen', width: 110, render: (v: number) => yuan(v) },
    {
      title: '渠道',
      dataIndex: 'channel',
      width: 96,
      render: (v: string) => CHANNEL_LABEL[v] ?? v,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: ConsoleOrderStatus) => (
        <Tag color={ORDER_STATUS_LABEL[v].color}>{ORDER_STATUS_LABEL[v].text}</Tag>
      ),
    },
    { title: '下单时间', dataIndex: 'createTime', width: 170, render: time },
    { title: '支付时间', dataIndex: 'payTime', width: 170, render: time },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_v, o) => (
        <Button type="link" size="small" onClick={() => setOpenId(o.id)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1 className="ent-page-title">订单与支付</h1>
        <span className="console-hint">
          标记退款只改变订单状态并记录原因，资金退回请在支付平台操作
        </span>
      </div>
      <div className="console-toolbar">
        <FilterSearch
          placeholder="订单号"
          label="按订单号搜索"
          width={240}
          onSearch={filter(setOrderNo)}
        />
        <FilterSearch
          placeholder="租户名称或编号"
          label="按租户搜索"
          width={220}
          onSearch={filter(setTenant)}
        />
        <FilterSelect
          placeholder="全部状态"
          label="按状态筛选"
          width={120}
          value={status}
          onChange={filter(setStatus)}
          options={Object.entries(ORDER_STATUS_LABEL).map(([value, l]) => ({
            value: value as ConsoleOrderStatus,
            label: l.text,
          }))}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          value={range}
          onChange={(v) => filter(setRange)(v)}
          placeholder={['下单开始日期', '结束日期']}
        />
      </div>
      <PagedTable<ConsoleOrder>
        page={page}
        paging={paging}
        columns={columns}
        size="middle"
        scrollX={1100}
        unit="笔订单"
        errorTitle="订单加载失败"
      />
      <OrderDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

/** 订单详情: lines, payment confirmations, what paying applied, and the refund marking. */
function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const mobile = useMediaQuery('(max-width: 600px)', false);
  const canRefund = usePermission(CONSOLE_PERMISSIONS.orderRefund);
  const [refunding, setRefunding] = useState(false);
  const detail = useQuery({
    queryKey: [...DETAIL_KEY, id],
    queryFn: () => call(getConsoleOrder, { query: { id: id! } }, { silent: true }),
    enabled: id !== null,
    retry: 0,
  });
  const o = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title="订单详情"
      width={mobile ? '100%' : 640}
      destroyOnHidden
      extra={
        o?.status === 'paid' && canRefund ? (
          <Button danger onClick={() => setRefunding(true)}>
            标记退款
          </Button>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={errorText(detail.error, '订单加载失败')} />
      ) : !o ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={ORDER_STATUS_LABEL[o.status].color}>
                {ORDER_STATUS_LABEL[o.status].text}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="租户">
              {o.tenantName}（编号 {o.tenantId}）
            </Descriptions.Item>
            <Descriptions.Item label="下单人">{o.userName || o.userId}</Descriptions.Item>
            <Descriptions.Item label="商品">{o.subject}</Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(o.amountFen)}</Descriptions.Item>
            <Descriptions.Item label="支付渠道">
              {CHANNEL_LABEL[o.channel] ?? o.channel}
              {o.providerTradeNo ? `（交易号 ${o.providerTradeNo}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{time(o.createTime)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{time(o.payTime)}</Descriptions.Item>
            {o.status === 'refunded' && (
              <>
                <Descriptions.Item label="退款标记">
                  {time(o.refundTime)}
                  {o.refundedBy ? `，${o.refundedBy}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="退款原因">{o.refundReason}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <h3 className="console-section">订单明细</h3>
          <Table
            rowKey={(_r, i) => String(i)}
            size="small"
            pagination={false}
            dataSource={o.items}
            scroll={{ x: 420 }}
            columns={[
              { title: '项目', dataIndex: 'name' },
              {
                title: '时长',
                dataIndex: 'durationDays',
                render: (v: number | null) => (v ? `${v} 天` : '—'),
              },
              { title: '数量', dataIndex: 'quantity' },
              { title: '金额', dataIndex: 'amountFen', render: (v: number) => yuan(v) },
            ]}
          />
          <h3 className="console-section">支付通知</h3>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.payments}
            locale={{ emptyText: '暂无支付通知' }}
            scroll={{ x: 420 }}
            columns={[
              { title: '时间', dataIndex: 'createTime', render: time },
              { title: '渠道', dataIndex: 'channel', render: (v: string) => CHANNEL_LABEL[v] ?? v },
              {
                title: '结果',
                dataIndex: 'outcome',
                render: (v: string) => OUTCOME_LABEL[v] ?? v,
              },
              {
                title: '金额',
                dataIndex: 'amountFen',
                render: (v: number | null) => (v === null ? '—' : yuan(v)),
              },
              { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
            ]}
          />
        </>
      )}
      {refunding && o && (
        <RefundModal
          orderId={o.id}
          orderNo={o.orderNo}
          onClose={() => setRefunding(false)}
          onDone={() =>
            Promise.all([
              client.invalidateQueries({ queryKey: DETAIL_KEY }),
              client.invalidateQueries({ queryKey: PAGE_KEY }),
            ])
          }
        />
      )}
    </Drawer>
  );
}

function RefundModal({
  orderId,
  orderNo,
  onClose,
  onDone,
}: {
  orderId: number;
  orderNo: string;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  async function save() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await call(
        markOrderRefunded,
        { body: { id: orderId, reason: v.reason.trim() } },
        { silent: true },
      );
      message.success('已标记为退款');
      onClose();
      await onDone();
    } catch (err) {
      message.error(errorText(err, '标记失败'));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open
      title={`标记退款：${orderNo}`}
      okText="标记退款"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="console-hint">
        只记录退款状态与原因，不会发起退款；如需收回已开通的版本，请在租户管理中修改。
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="退款原因"
          rules={[
            { required: true, whitespace: true, message: '请填写退款原因' },
            { min: 2, message: '原因至少 2 个字' },
            { max: 200, message: '原因不能超过 200 个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount aria-label="退款原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
