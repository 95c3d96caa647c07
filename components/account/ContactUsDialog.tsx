'use client';

import { Modal, Typography } from 'antd';
import { QrImage } from './QrImage';

/** What the customer-service QR encodes; a deployment sets its own WeChat contact link. */
const SERVICE_WECHAT =
  process.env.NEXT_PUBLIC_SERVICE_WECHAT_URL || '拓客雷达客服微信号：leadradar_service';
/** Spec 9: customer service hours. */
export const SERVICE_HOURS = '8:30-17:30';

/** 联系我们 (spec 2.7): customer-service QR, 微信扫码添加客服, 在线时间 8:30-17:30. */
export function ContactUsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="联系我们" open={open} onCancel={onClose} footer={null} width={360} centered>
      <div className="acct-qr-box">
        <QrImage value={SERVICE_WECHAT} size={180} alt="客服微信二维码" />
        <Typography.Paragraph strong style={{ margin: '16px 0 4px' }}>
          微信扫码添加客服
        </Typography.Paragraph>
        <Typography.Text type="secondary">在线时间 {SERVICE_HOURS}</Typography.Text>
      </div>
    </Modal>
  );
}
