'use client';

import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { CustomerServiceOutlined, WarningFilled } from '@ant-design/icons';
import { ContactUsDialog } from '@/components/account/ContactUsDialog';
import { openLoginModal, sessionStore, useSession } from '@/lib/client/session';

/** Where 修改密码 leads once the user has signed in again. */
const CHANGE_PASSWORD_PATH = '/userSystem/userInfo';

/** Spec 2.7: the forced-offline dialog (width 588). */
export function OfflineDialog() {
  const { offlineDialogOpen } = useSession();
  const [contactOpen, setContactOpen] = useState(false);
  const hide = () => sessionStore.set({ offlineDialogOpen: false });
  return (
    <>
      <Modal
        open={offlineDialogOpen}
        width={588}
        title={
          <Space>
            <WarningFilled style={{ color: '#faad14' }} />
            账号已下线
          </Space>
        }
        onCancel={hide}
        mask={{ closable: false }}
        footer={
          <Space>
            <Button
              onClick={() => {
                hide();
                openLoginModal(CHANGE_PASSWORD_PATH);
              }}
            >
              修改密码
            </Button>
            <Button icon={<CustomerServiceOutlined />} onClick={() => setContactOpen(true)}>
              联系客服
            </Button>
            <Button
              type="primary"
              onClick={() => {
                hide();
                // A full load: /login opens the modal on a fresh page state.
                // eslint-disable-next-line @next/next/no-location-assign-relative-destination
                window.location.assign('/login');
              }}
            >
              重新登录
            </Button>
          </Space>
        }
      >
        <p style={{ fontSize: 15, margin: '8px 0 12px' }}>
          您的账号已在其他地方登录，当前已被迫下线
        </p>
        <ul style={{ color: 'rgba(0,0,0,0.65)', paddingLeft: 20, lineHeight: 1.9, margin: 0 }}>
          <li>可能是您在另一个浏览器中登录了该账号；</li>
          <li>也可能是您在另一台设备（电脑或手机）上登录了该账号；</li>
          <li>如果不是您本人操作，请尽快重新登录并修改密码。</li>
        </ul>
      </Modal>
      <ContactUsDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </>
  );
}
