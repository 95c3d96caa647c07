'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { copyText } from '@/components/invitation/copy-text';
import {
  getInvitationCode,
  resetInvitationCode,
} from '@/lib/shared/invitation/invitation.endpoints';
import { INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';
import { errorText } from './errors';
import { useFeedback } from '@/lib/client/feedback';

/** Type 1 codes join the enterprise without approval (administrators only). */
const DIRECT_TYPE = 1;
const KEY = [...contractKey(getInvitationCode), DIRECT_TYPE];

/** 直接加入链接: whoever opens it joins at once (still within the member limit). */
export function DirectInviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="直接加入链接"
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      classNames={{ body: 'emp-modal-body' }}
    >
      {open && <DirectInviteBody />}
    </Modal>
  );
}

function DirectInviteBody() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const code = useQuery({
    queryKey: KEY,
    queryFn: () => call(getInvitationCode, { query: { type: DIRECT_TYPE } }, { silent: true }),
    retry: 0,
  });

  async function copy() {
    if (!code.data) return;
    if (await copyText(code.data.link)) message.success('链接复制成功');
    else message.error('链接复制失败');
  }

  async function reset() {
    setResetting(true);
    try {
      client.setQueryData(
        KEY,
        await call(
          resetInvitationCode,
          { body: { type: DIRECT_TYPE, day: INVITATION_VALID_DAYS } },
          { silent: true },
        ),
      );
      message.success('重置成功，原链接已失效');
    } catch (err) {
      message.error(errorText(err, '重置失败'));
    } finally {
      setResetting(false);
    }
  }

  if (code.isError)
    return <Alert type="error" showIcon title={errorText(code.error, '链接生成失败')} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="通过此链接注册或登录的用户无需审批，直接成为企业成员（占用成员名额），请只发给同事。"
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={code.data?.link ?? ''} aria-label="直接加入链接" />
        <Button type="primary" icon={<CopyOutlined />} onClick={copy} disabled={!code.data}>
          复制链接
        </Button>
      </Space.Compact>
      <div className="emp-invite-meta">
        <Typography.Text type="secondary">
          {code.data
            ? `有效期至 ${dayjs(code.data.expireTimestamp).format('YYYY-MM-DD')}`
            : '正在生成链接…'}
        </Typography.Text>
        <Popconfirm
          title="重置后原链接将失效，确定重置吗？"
          okText="确定"
          cancelText="取消"
          onConfirm={reset}
        >
          <Button type="link" icon={<ReloadOutlined />} loading={resetting}>
            重置链接
          </Button>
        </Popconfirm>
      </div>
    </Space>
  );
}
