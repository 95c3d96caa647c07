'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Progress, Tooltip } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { getMemberLimit, updateMemberLimit } from '@/lib/shared/tenant/member-limit.endpoints';
import { MEMBER_LIMIT_MAX } from '@/lib/shared/tenant/member-limit.contract';
import { JOIN_APPROVALS_HREF } from '@/lib/shared/invitation/approvals';
import { errorText } from './errors';
import { useFeedback } from '@/lib/client/feedback';

export const MEMBER_LIMIT_KEY = contractKey(getMemberLimit);

/** 「成员 used / limit」 with a progress bar; 修改上限 for whoever may change it. */
export function MemberLimitBar() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ limit: number }>();
  const limit = useQuery({
    queryKey: MEMBER_LIMIT_KEY,
    queryFn: () => call(getMemberLimit, {}, { silent: true }),
    retry: 0,
  });
  const d = limit.data;
  if (!d) return null;
  const percent = d.limit > 0 ? Math.min(100, Math.round((d.used / d.limit) * 100)) : 100;
  const full = d.used >= d.limit;

  async function save({ limit: value }: { limit: number }) {
    setSaving(true);
    try {
      await call(updateMemberLimit, { body: { limit: value } }, { silent: true });
      message.success('成员上限已修改');
      setOpen(false);
      await client.invalidateQueries({ queryKey: MEMBER_LIMIT_KEY });
    } catch (err) {
      message.error(errorText(err, '修改失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="emp-limit" aria-label="成员席位">
      <span className="emp-limit-text">
        成员{' '}
        <strong className={full ? 'emp-limit-full' : undefined}>
          {d.used} / {d.limit}
        </strong>
      </span>
      <Tooltip
        title={`已用 ${d.used} 个席位（含已停用成员）${d.pendingInvites ? `，${d.pendingInvites} 人待审批` : ''}`}
      >
        <span className="emp-limit-progress">
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            status={full ? 'exception' : 'normal'}
            aria-label={`成员已用 ${percent}%`}
          />
        </span>
      </Tooltip>
      {full && <span className="emp-limit-warn">已达上限，无法再加入新成员</span>}
      {d.pendingInvites > 0 && (
        <Link href={JOIN_APPROVALS_HREF} className="emp-limit-pending">
          {d.pendingInvites} 人待审批
        </Link>
      )}
      {d.canChange && (
        <Button
          type="link"
          size="small"
          onClick={() => {
            form.setFieldsValue({ limit: d.limit });
            setOpen(true);
          }}
        >
          修改上限
        </Button>
      )}
      <Modal
        title="修改成员上限"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="limit"
            label="成员上限"
            extra={`当前 ${d.used} 名成员；当前版本最多 ${d.editionMax} 人`}
            rules={[
              { required: true, message: '请输入成员上限' },
              {
                type: 'number',
                min: Math.max(1, d.used),
                message: `成员上限不能小于当前成员数（${d.used}）`,
              },
            ]}
          >
            <InputNumber min={1} max={MEMBER_LIMIT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
