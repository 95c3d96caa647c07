'use client';

import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import { setFeedbackHost } from '@/lib/client/feedback';

/**
 * The real message / notification / modal APIs and their holders, inside the page's antd theme
 * (ConfigProvider) like antd's App would render them. Loaded on demand by FeedbackSlot.
 */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    setFeedbackHost({ message: messageApi, notification: notificationApi, modal: modalApi });
    return () => setFeedbackHost(null);
  }, [messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
