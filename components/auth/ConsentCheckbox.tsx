'use client';

import { useState } from 'react';
import { Checkbox, Popconfirm, Tooltip } from 'antd';
import Link from 'next/link';
import styles from './auth.module.css';

/** Spec 5: default tooltip text and how long it stays. */
export const CONSENT_TOOLTIP_TEXT = '请同意我们的用户协议';
export const CONSENT_TOOLTIP_MS = 2000;
const SHAKE_MS = 1000;

export type ConsentNudge = { shaking: boolean; tipOpen: boolean };

/** Consent checkbox for the service and privacy agreements (spec 2.6). */
export function ConsentCheckbox({
  checked,
  onChange,
  nudge,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  nudge: ConsentNudge;
}) {
  return (
    <Tooltip title={CONSENT_TOOLTIP_TEXT} open={nudge.tipOpen} placement="topLeft">
      <div className={nudge.shaking ? styles.shake : undefined} style={{ fontSize: 13 }}>
        <Checkbox
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-label="同意服务协议和隐私协议"
        >
          我已阅读并同意
        </Checkbox>
        <Link href="/serviceAndAgreement/service" target="_blank">
          《服务协议》
        </Link>
        和
        <Link href="/serviceAndAgreement/agreement" target="_blank">
          《隐私协议》
        </Link>
      </div>
    </Tooltip>
  );
}

/** The consent state shared by the login tabs, with the shake + tooltip reminder. */
export function useConsent() {
  const [agree, setAgree] = useState(false);
  const [nudge, setNudge] = useState<ConsentNudge>({ shaking: false, tipOpen: false });
  const remind = () => {
    setNudge({ shaking: true, tipOpen: true });
    setTimeout(() => setNudge((n) => ({ ...n, shaking: false })), SHAKE_MS);
    setTimeout(() => setNudge((n) => ({ ...n, tipOpen: false })), CONSENT_TOOLTIP_MS);
  };
  return { agree, setAgree, nudge, remind };
}

/**
 * The small confirm on 登录 pressed before consent (issue 28 item 7): instead of a disabled
 * button or a bare warning, it names the agreements and 同意并继续 ticks the box and goes on.
 */
export function ConsentConfirm({
  open,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <Popconfirm
      open={open}
      // Opened by the form's submit only (after its fields pass), never by a click on the button.
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title="请阅读并同意协议"
      description={
        <span style={{ fontSize: 13 }} data-testid="consent-confirm">
          登录即表示同意
          <Link href="/serviceAndAgreement/service" target="_blank">
            《服务协议》
          </Link>
          和
          <Link href="/serviceAndAgreement/agreement" target="_blank">
            《隐私协议》
          </Link>
        </span>
      }
      okText="同意并继续"
      cancelText="取消"
      onConfirm={onConfirm}
      onCancel={onCancel}
      placement="top"
      icon={null}
    >
      {children}
    </Popconfirm>
  );
}

/**
 * A login form's submit gated by consent: `submit(values)` goes on when agreed, else opens the
 * ConsentConfirm; its 同意并继续 ticks consent (`onAgree`) and goes on with the same values.
 */
export function useConsentGate<V>(
  agree: boolean,
  onAgree: () => void,
  proceed: (values: V) => void | Promise<void>,
) {
  const [asking, setAsking] = useState<{ values: V } | null>(null);
  return {
    submit: (values: V) => {
      if (agree) return void proceed(values);
      setAsking({ values });
    },
    confirmProps: {
      open: asking !== null,
      onConfirm: () => {
        const pending = asking;
        setAsking(null);
        onAgree();
        if (pending) void proceed(pending.values);
      },
      onCancel: () => setAsking(null),
    },
  };
}
