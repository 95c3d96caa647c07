'use client';

import { Button } from 'antd';

/**
 * 取消 / 确定 under a dialog whose form state lives in its body (the body unmounts on close, so
 * each opening starts fresh). Without onOk the 确定 button submits the enclosing form.
 */
export function ModalFooter({
  onCancel,
  onOk,
  saving,
  okText = '确定',
}: {
  onCancel: () => void;
  onOk?: () => void;
  saving: boolean;
  okText?: string;
}) {
  return (
    <div className="emp-modal-footer">
      <Button onClick={onCancel}>取消</Button>
      <Button type="primary" loading={saving} htmlType={onOk ? 'button' : 'submit'} onClick={onOk}>
        {okText}
      </Button>
    </div>
  );
}
