'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Form, Input, Select, Spin, Tag, Timeline } from 'antd';
import type { Dayjs } from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import {
  createCustomerFollowUp,
  getCustomer,
  listCustomerFollowUps,
} from '@/lib/shared/customer/customer.contract';
import { CUSTOMER_MESSAGES, FOLLOW_UP_CHANNELS } from '@/lib/shared/customer/customer.constants';
import type { FollowUpChannel } from '@/lib/shared/clue/clue.constants';
import { errorText } from '@/components/employee/errors';
import { CUSTOMER_PAGE_KEY, dateTime } from './shared';

const FOLLOW_PAGE = 50;

type FollowValues = { channel: FollowUpChannel; content: string; nextFollowTime?: Dayjs | null };

/**
 * 跟进记录 of a customer: the form to add one and the timeline, which also holds the follow-ups
 * of the lead it was converted from (marked 线索阶段).
 */
export function FollowUpPanel({ customerId, canAdd }: { customerId: number; canAdd: boolean }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FollowValues>();
  const [saving, setSaving] = useState(false);
  const query = { customerId, pageNo: 1, pageSize: FOLLOW_PAGE };
  const follows = useQuery({
    queryKey: contractKey(listCustomerFollowUps, { query }),
    queryFn: () => call(listCustomerFollowUps, { query }, { silent: true }),
    retry: 0,
  });

  async function add() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await call(
        createCustomerFollowUp,
        {
          body: {
            customerId,
            channel: v.channel,
            content: v.content.trim(),
            nextFollowTime: v.nextFollowTime ? v.nextFollowTime.valueOf() : null,
          },
        },
        { silent: true },
      );
      message.success('跟进记录已添加');
      form.resetFields();
      await Promise.all([
        client.invalidateQueries({ queryKey: contractKey(listCustomerFollowUps) }),
        client.invalidateQueries({ queryKey: contractKey(getCustomer) }),
        client.invalidateQueries({ queryKey: CUSTOMER_PAGE_KEY }),
      ]);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  const list = follows.data?.list ?? [];
  return (
    <div className="cust-follow">
      {canAdd ? (
        <div className="cust-follow-form">
          <Form
            form={form}
            layout="vertical"
            initialValues={{ channel: '电话' }}
            aria-label="添加跟进"
          >
            <div className="cust-follow-row">
              <Form.Item
                name="channel"
                label="跟进方式"
                rules={[{ required: true, message: CUSTOMER_MESSAGES.channelInvalid }]}
              >
                <Select
                  style={{ width: 120 }}
                  options={FOLLOW_UP_CHANNELS.map((x) => ({ label: x, value: x }))}
                />
              </Form.Item>
              <Form.Item name="nextFollowTime" label="下次跟进时间">
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  placeholder="选择下次跟进时间"
                />
              </Form.Item>
            </div>
            <Form.Item
              name="content"
              label="跟进内容"
              rules={[
                { required: true, whitespace: true, message: CUSTOMER_MESSAGES.contentRequired },
                { max: 2000, message: CUSTOMER_MESSAGES.contentTooLong },
              ]}
            >
              <Input.TextArea
                rows={3}
                maxLength={2000}
                showCount
                placeholder="沟通情况、客户需求…"
              />
            </Form.Item>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void add().catch(() => undefined)}
            >
              添加跟进
            </Button>
          </Form>
        </div>
      ) : null}
      {follows.isLoading ? (
        <Spin size="small" />
      ) : list.length ? (
        <Timeline
          className="cust-timeline"
          items={list.map((f) => ({
            key: `${f.customerId ? 'c' : 'l'}-${f.id}`,
            color: f.customerId ? 'blue' : 'gray',
            content: (
              <div className="cust-follow-item">
                <div className="cust-follow-head">
                  <Tag color={f.customerId ? 'blue' : 'default'}>{f.channel}</Tag>
                  <span>{f.userName ?? '—'}</span>
                  <span className="cust-muted">{dateTime(f.createTime)}</span>
                  {f.customerId ? null : <Tag className="cust-clue-tag">线索阶段</Tag>}
                </div>
                <div className="cust-follow-content">{f.content}</div>
                {f.nextFollowTime ? (
                  <div className="cust-muted">下次跟进：{dateTime(f.nextFollowTime)}</div>
                ) : null}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无跟进记录" />
      )}
      {follows.data && follows.data.total > list.length ? (
        <div className="cust-muted">
          仅显示最近 {FOLLOW_PAGE} 条，共 {follows.data.total} 条
        </div>
      ) : null}
    </div>
  );
}
