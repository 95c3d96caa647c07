'use client';

import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { type FollowUpChannel } from '@/lib/shared/clue/clue.constants';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import { errorText } from '@/components/employee/errors';
import './crm.css';
import { useFeedback } from '@/lib/client/feedback';

/** What 添加跟进 sends: the channel, the trimmed text and the next follow-up time (ms) if any. */
export type NewFollowUp = {
  channel: FollowUpChannel;
  content: string;
  nextFollowTime: number | null;
};

type FollowValues = { channel: FollowUpChannel; content: string; nextFollowTime?: Dayjs | null };

/**
 * 添加跟进 of a lead or a customer: 跟进方式, 下次跟进时间 and 跟进内容. `save` sends it (and
 * refreshes what shows it); the form says 跟进记录已添加 and clears, or shows why it failed.
 */
export function FollowUpForm({ save }: { save: (v: NewFollowUp) => Promise<unknown> }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<FollowValues>();
  const [saving, setSaving] = useState(false);
  const channels = useCodeGroup('followUpChannel');
  const channelOptions = channels.options();

  async function add() {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await save({
        channel: v.channel,
        content: v.content.trim(),
        nextFollowTime: v.nextFollowTime ? v.nextFollowTime.valueOf() : null,
      });
      message.success('跟进记录已添加');
      form.resetFields();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      className="crm-follow-form"
      initialValues={{ channel: channelOptions[0]?.value }}
      aria-label="添加跟进"
    >
      <div className="crm-follow-row">
        <Form.Item
          name="channel"
          label="跟进方式"
          rules={[{ required: true, message: '请选择跟进方式' }]}
        >
          <Select style={{ width: 120 }} aria-label="跟进方式" options={channelOptions} />
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
          { required: true, whitespace: true, message: '请输入跟进内容' },
          { max: 2000, message: '跟进内容最多 2000 个字符' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={2000} showCount placeholder="沟通情况、客户需求…" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void add().catch(() => undefined)}>
        添加跟进
      </Button>
    </Form>
  );
}

/** One follow-up in a timeline: channel, who, when, the text and the next follow-up time. */
export function FollowUpEntry({
  channel,
  channelColor = 'blue',
  userName,
  time,
  content,
  nextFollowTime,
  mutedClassName,
  badge,
}: {
  channel: string;
  channelColor?: string;
  userName: string | null;
  /** Already formatted. */
  time: string;
  content: string;
  /** Already formatted; null when none is set. */
  nextFollowTime: string | null;
  /** The list's muted-text class (its spacing differs between 线索 and 客户). */
  mutedClassName: string;
  badge?: ReactNode;
}) {
  const channels = useCodeGroup('followUpChannel');
  return (
    <div className="crm-follow-item">
      <div className="crm-follow-head">
        <Tag color={channelColor}>{channels.label(channel)}</Tag>
        <span>{userName ?? '—'}</span>
        <span className={mutedClassName}>{time}</span>
        {badge}
      </div>
      <div className="crm-follow-content">{content}</div>
      {nextFollowTime !== null ? (
        <div className={mutedClassName}>下次跟进：{nextFollowTime}</div>
      ) : null}
    </div>
  );
}
