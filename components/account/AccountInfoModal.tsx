'use client';

import { Modal } from 'antd';
import { AccountCenter } from './AccountCenter';

/** Account-info modal (spec 2.7): the account centre over the current page, from the user menu. */
export function AccountInfoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="账号信息"
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <AccountCenter />
    </Modal>
  );
}
