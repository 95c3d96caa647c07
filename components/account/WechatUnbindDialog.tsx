'use client';

import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { unbindSocialUser } from '@/lib/shared/wechat/wechat.endpoints';
import { SOCIAL_TYPE_WECHAT_MP } from '@/lib/shared/wechat/wechat.contract';
import { errorText } from './account-session';
import { useFeedback } from '@/lib/client/feedback';

/** Unbind confirmation (spec 2.7, width 520): unbinding stops WeChat QR login for this account. */
export function WechatUnbindDialog({
  open,
  openid,
  onClose,
  onUnbound,
}: {
  open: boolean;
  openid: string;
  onClose: () => void;
  onUnbound: () => Promise<void>;
}) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await call(
        unbindSocialUser,
        { body: { type: SOCIAL_TYPE_WECHAT_MP, openid } },
        { silent: true },
      );
      message.success('解绑成功');
      onClose();
      void onUnbound();
    } catch (err) {
      message.error(errorText(err, '解绑失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="解绑微信"
      open={open}
      width={520}
      onCancel={onClose}
      onOk={confirm}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
    >
      <div style={{ display: 'flex', gap: 12, padding: '8px 0' }}>
        <ExclamationCircleFilled style={{ color: '#faad14', fontSize: 22 }} />
        <div>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            确认要解绑微信吗？
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            解绑后将无法使用该微信扫码登录当前账号，可随时重新绑定。
          </Typography.Text>
        </div>
      </div>
    </Modal>
  );
}
