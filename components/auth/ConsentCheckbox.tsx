'use client';

import { useState } from 'react';
import { Checkbox, Tooltip } from 'antd';
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
