'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { createQrcodeTicket, getQrcodeStatus } from '@/lib/shared/wechat/wechat.endpoints';
import type { QrTicketInfo as QrTicket } from '@/lib/shared/wechat/wechat.contract';
import { QrImage } from './QrImage';
import { useFeedback } from '@/lib/client/feedback';

/** Spec 9: scene-bind QR url and ticket are kept in local storage. */
const BIND_QR_STORAGE_KEY = 'sceneBindQrcode';
const POLL_MS = 3000;
const QR_SIZE = 180;
/** Bind-scene statuses (spec 4.4). */
const STATUS = { expired: 0, waiting: 1, bound: 2, boundToOther: 3 } as const;

type StoredTicket = { ticket: string; url: string; expiresAt: number };

function readStored(): StoredTicket | null {
  try {
    const raw = window.localStorage.getItem(BIND_QR_STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as StoredTicket) : null;
    return v && v.expiresAt > Date.now() ? v : null;
  } catch {
    return null;
  }
}

function store(t: QrTicket): StoredTicket {
  const v = { ticket: t.ticket, url: t.url, expiresAt: Date.now() + t.expireSeconds * 1000 };
  try {
    window.localStorage.setItem(BIND_QR_STORAGE_KEY, JSON.stringify(v));
  } catch {
    // Private mode: the QR still works, it is just not reused after a reload.
  }
  return v;
}

function clearStored(): void {
  try {
    window.localStorage.removeItem(BIND_QR_STORAGE_KEY);
  } catch {
    // ignore
  }
}

/** 绑定公众号 (spec 2.7, 4.4): a 180x180 QR with scene=bind, polled every 3 s. */
export function WechatBindDialog({
  open,
  onClose,
  onBound,
}: {
  open: boolean;
  onClose: () => void;
  onBound: () => Promise<void>;
}) {
  const { message } = useFeedback();
  const [qr, setQr] = useState<StoredTicket | null>(null);
  const [expired, setExpired] = useState(false);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  // The parent's callbacks change identity on each render; the poll keeps its own rhythm.
  const done = useRef({ onBound, onClose });
  useEffect(() => {
    done.current = { onBound, onClose };
  }, [onBound, onClose]);

  const refresh = useCallback(
    async (reuse: boolean) => {
      setExpired(false);
      const cached = reuse ? readStored() : null;
      if (cached) {
        setQr(cached);
        return;
      }
      setLoading(true);
      try {
        setQr(
          store(await call(createQrcodeTicket, { query: { scene: 'bind' } }, { silent: true })),
        );
      } catch (err) {
        setQr(null);
        setExpired(true);
        message.error(err instanceof Error && err.message ? err.message : '二维码获取失败');
      } finally {
        setLoading(false);
      }
    },
    [message],
  );

  useEffect(() => {
    if (!open || !qr || expired) return;
    const ticket = qr.ticket;
    const timer = window.setInterval(async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const status = await call(getQrcodeStatus, { query: { ticket } }, { silent: true });
        if (status === STATUS.expired) {
          setExpired(true);
          clearStored();
          message.error('二维码失效,请刷新');
        } else if (status === STATUS.bound) {
          clearStored();
          window.clearInterval(timer);
          message.success('绑定成功');
          done.current.onClose();
          void done.current.onBound();
        } else if (status === STATUS.boundToOther) {
          clearStored();
          message.warning('该微信已被其他账号绑定');
          // Status reset: a fresh ticket, so another WeChat can scan.
          void refresh(false);
        }
      } catch {
        // A failed poll is retried on the next tick.
      } finally {
        busy.current = false;
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, qr, expired, message, refresh]);

  const isDemoPhonePage = qr ? new URL(qr.url).pathname.toLowerCase() === '/phonepage' : false;

  return (
    <Modal
      title="绑定公众号"
      open={open}
      onCancel={onClose}
      footer={null}
      width={462}
      centered
      afterOpenChange={(visible) => (visible ? void refresh(true) : setQr(null))}
    >
      <div className="acct-qr-box">
        <div className="acct-qr" style={{ width: QR_SIZE, height: QR_SIZE }} data-qr-url={qr?.url}>
          {qr ? (
            <QrImage value={qr.url} size={QR_SIZE} alt="绑定公众号二维码" />
          ) : (
            <Spin spinning={loading}>
              <div style={{ width: QR_SIZE, height: QR_SIZE }} />
            </Spin>
          )}
          {expired ? (
            <div className="acct-qr-mask">
              <span>二维码已失效</span>
              <Button
                type="primary"
                size="small"
                icon={<ReloadOutlined />}
                onClick={() => void refresh(false)}
              >
                刷新
              </Button>
            </div>
          ) : null}
        </div>
        <Typography.Paragraph style={{ margin: '16px 0 4px' }}>
          请使用微信扫描二维码，关注公众号完成绑定
        </Typography.Paragraph>
        <Typography.Text type="secondary">绑定后可使用微信扫码快捷登录</Typography.Text>
        {qr && isDemoPhonePage ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            演示模式：二维码指向本站的
            <a href={qr.url} target="_blank" rel="noopener">
              演示手机页
            </a>
          </Typography.Paragraph>
        ) : null}
      </div>
    </Modal>
  );
}
