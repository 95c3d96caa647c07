'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { createQrcodeTicket, getQrcodeStatus } from '@/lib/shared/wechat/wechat.endpoints';
import {
  clearStoredTicket,
  readStoredTicket,
  storeTicket,
  type StoredQrTicket,
} from './qr-ticket-store';
import styles from './auth.module.css';

// The modal reacts to every outcome itself (spec 4.2).
const silent = { silent: true } as const;

/** Spec 9: QR 124 px, status poll 3 s, expiry check 1 s. */
export const QR_SIZE = 124;
export const QR_POLL_MS = 3000;
export const QR_EXPIRY_CHECK_MS = 1000;

export type QrOutcome =
  | { kind: 'confirmed'; ticket: string }
  | { kind: 'needPhone'; ticket: string }
  | { kind: 'error'; error: ApiClientError; ticket: string };

/**
 * The default tab: a QR for a login ticket (kept 10 minutes in local storage), masked until the
 * agreements are accepted; polls the scan status every 3 s and checks expiry every 1 s.
 */
export function QrLoginTab({
  agree,
  onRemindConsent,
  onOutcome,
  renewKey,
}: {
  agree: boolean;
  onRemindConsent: () => void;
  onOutcome: (o: QrOutcome) => void;
  /** Changing it drops the current ticket and fetches a new one. */
  renewKey: number;
}) {
  const [ticket, setTicket] = useState<StoredQrTicket | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [loading, setLoading] = useState(false);
  const done = useRef(false);
  const outcome = useRef(onOutcome);
  useEffect(() => {
    outcome.current = onOutcome;
  });

  const creating = useRef(false);
  const load = useCallback(async (fresh: boolean) => {
    // One ticket request at a time (React's dev double effects, fast refresh clicks).
    if (creating.current) return;
    done.current = false;
    setExpired(false);
    const kept = fresh ? null : readStoredTicket();
    if (kept) {
      setTicket(kept);
      return;
    }
    clearStoredTicket();
    creating.current = true;
    setLoading(true);
    try {
      setTicket(storeTicket(await call(createQrcodeTicket, { query: { scene: 'login' } }, silent)));
    } catch {
      setTicket(null);
      setExpired(true);
    } finally {
      creating.current = false;
      setLoading(false);
    }
  }, []);

  const firstRenew = useRef(renewKey);
  useEffect(() => {
    // Mount: reuse a stored ticket; a later renewKey change always fetches a new one.
    void load(renewKey !== firstRenew.current);
  }, [load, renewKey]);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    QRCode.toDataURL(ticket.url, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' })
      .then((src) => live && setImage(src))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [ticket]);

  // Expiry check every second: the mask with the refresh button appears at once.
  useEffect(() => {
    if (!ticket || expired) return;
    const timer = setInterval(() => {
      if (Date.now() >= ticket.expiresAt) {
        setExpired(true);
        clearStoredTicket();
      }
    }, QR_EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [ticket, expired]);

  // Status poll every 3 s while the modal shows this tab.
  useEffect(() => {
    if (!ticket || expired) return;
    let busy = false;
    const poll = async () => {
      if (busy || done.current) return;
      busy = true;
      try {
        await call(getQrcodeStatus, { query: { ticket: ticket.ticket } }, silent);
        done.current = true;
        outcome.current({ kind: 'confirmed', ticket: ticket.ticket });
      } catch (err) {
        if (!(err instanceof ApiClientError)) return;
        if (err.code === ERRORS.AUTH_QR_WAITING.code) return;
        if (err.code === ERRORS.AUTH_QR_TICKET_EXPIRED.code) {
          setExpired(true);
          clearStoredTicket();
          return;
        }
        if (err.code === ERRORS.AUTH_THIRD_LOGIN_NOT_BIND.code) {
          done.current = true;
          outcome.current({ kind: 'needPhone', ticket: ticket.ticket });
          return;
        }
        // Transport hiccups: keep polling.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(poll, QR_POLL_MS);
    return () => clearInterval(timer);
  }, [ticket, expired]);

  const isDemo = !!ticket && ticket.url.includes('/PhonePage?');

  return (
    <div style={{ textAlign: 'center' }}>
      <p style={{ margin: '4px 0 0', fontSize: 15 }}>微信扫码，安全登录</p>
      <div className={styles.qrBox}>
        {image && ticket ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={image}
            width={QR_SIZE}
            height={QR_SIZE}
            alt="微信扫码登录二维码"
            data-qr-url={ticket.url}
          />
        ) : (
          <div style={{ height: QR_SIZE, display: 'grid', placeItems: 'center' }}>
            <Spin spinning={loading} />
          </div>
        )}
        {expired ? (
          <button
            type="button"
            className={styles.qrMask}
            onClick={() => void load(true)}
            aria-label="二维码已过期，刷新二维码"
          >
            <span>二维码已过期</span>
            {/* Looks like a button; the whole mask is the one button (no button inside a button). */}
            <span className={styles.qrRefresh} aria-hidden>
              <ReloadOutlined /> 刷新
            </span>
          </button>
        ) : !agree ? (
          <button type="button" className={styles.qrMask} onClick={onRemindConsent}>
            请先阅读并同意
          </button>
        ) : null}
      </div>
      <p className={styles.hint}>
        请使用微信扫一扫，关注公众号后登录
        {isDemo && agree && !expired ? (
          <>
            <br />
            演示模式：
            <a href={ticket.url} target="_blank" rel="noreferrer">
              在新窗口打开扫码页
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}
