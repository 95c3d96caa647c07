'use client';

import { useState } from 'react';
import { Avatar, Spin, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, VALIDATION_MESSAGES } from '@/lib/shared/validation';
import { ApiClientError } from '@/lib/client/request';
import { call } from '@/lib/client/request';
import { updateAvatar } from '@/lib/shared/user/user.endpoints';
import { useFeedback } from '@/lib/client/feedback';

const AVATAR_TYPE_ERROR_CODE = 1002003005;
const ACCEPTED_NAME = /\.(jpe?g|png)$/i;

/**
 * The avatar with an upload overlay: .jpg/.png up to 2 MB (checked here for a quick answer, and by
 * content on the server, which is the check that counts).
 */
export function AvatarUpload({
  src,
  size = 88,
  onUploaded,
}: {
  src: string;
  size?: number;
  onUploaded: () => Promise<void>;
}) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (!ACCEPTED_NAME.test(file.name)) {
      message.error(VALIDATION_MESSAGES.avatarType);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(VALIDATION_MESSAGES.avatarSize);
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('avatarFile', file);
      await call(updateAvatar, { form }, { silent: true });
      message.success('头像已更新');
      await onUploaded();
    } catch (err) {
      message.error(
        err instanceof ApiClientError && err.code === AVATAR_TYPE_ERROR_CODE
          ? VALIDATION_MESSAGES.avatarType
          : '上传失败',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Upload
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        // The request is ours (accountApi), not antd's built-in XHR.
        return false;
      }}
    >
      <button type="button" className="acct-avatar" aria-label="更换头像" title="更换头像">
        <Spin spinning={busy}>
          <Avatar size={size} src={src || undefined} icon={<UserOutlined />} />
        </Spin>
        <span className="acct-avatar-mask">
          <CameraOutlined /> 更换头像
        </span>
      </button>
    </Upload>
  );
}
