'use client';

import { useState } from 'react';
import { Modal, Select, Space } from 'antd';
import { ReasonInput } from '@/components/crm/ReasonInput';
import {
  CLUE_MESSAGES,
  CLUE_STATUS_NAMES,
  type ClueStatus,
} from '@/lib/shared/clue/clue.constants';

/** One lead (its name shown) or the picked ones; null: closed. */
export type StatusTarget = { ids: number[]; name?: string } | null;

/** 修改状态: 无效 asks for a reason (the server refuses it without one). */
export function ClueStatusModal({
  target,
  onClose,
  onSubmit,
}: {
  target: StatusTarget;
  onClose: () => void;
  onSubmit: (status: ClueStatus, reason: string) => void;
}) {
  const [status, setStatus] = useState<ClueStatus | undefined>();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const needsReason = status === 3 && !reason.trim();
  return (
    <Modal
      title={
        target?.name ? `修改状态：${target.name}` : `修改状态（${target?.ids.length ?? 0} 条线索）`
      }
      open={target !== null}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      afterClose={() => {
        setStatus(undefined);
        setReason('');
        setTried(false);
      }}
      onCancel={onClose}
      okButtonProps={{ disabled: status === undefined }}
      onOk={() => {
        setTried(true);
        if (status === undefined || needsReason) return;
        onSubmit(status, reason.trim());
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select<ClueStatus>
          placeholder="选择状态"
          aria-label="线索状态"
          style={{ width: '100%' }}
          value={status}
          onChange={setStatus}
          // Nothing goes back to 新线索, and 已转化 comes from 转为客户 (it creates the customer).
          options={([1, 3] as ClueStatus[]).map((s) => ({
            label: CLUE_STATUS_NAMES[s],
            value: s,
          }))}
        />
        <span className="clue-muted">转为已转化：在线索详情中点「转为客户」，会同时建立客户</span>
        {status === 3 && (
          <ReasonInput
            label="无效原因"
            placeholder="无效原因，如：联系方式错误、无需求"
            value={reason}
            onChange={setReason}
            error={tried && needsReason ? CLUE_MESSAGES.invalidReasonRequired : null}
          />
        )}
      </Space>
    </Modal>
  );
}
