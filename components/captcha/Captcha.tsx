'use client';

import { useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { CAPTCHA_FRAME, CAPTCHA_TIMINGS, type CaptchaType } from '@/lib/shared/captcha/protocol';
import { SliderCaptcha } from './SliderCaptcha';
import { ClickWordCaptcha } from './ClickWordCaptcha';
import styles from './captcha.module.css';

/** The slider's dialog title (its own dialog, or the login dialog it shows in). */
export const CAPTCHA_TITLE = '请完成安全验证';

type CommonProps = {
  captchaType?: CaptchaType;
  /** Shown width in CSS pixels (answers are scaled to the 310 reference). */
  width?: number;
  /** The captchaVerification, ~1 s after a pass. */
  onSuccess: (captchaVerification: string) => void;
};

export type CaptchaProps =
  | (CommonProps & { mode: 'fixed' })
  | (CommonProps & {
      mode: 'pop';
      open: boolean;
      /** Closed by the user (×, Esc), or hidden after a pass (1.5 s, spec 4.3). */
      onClose: () => void;
    });

const SWITCH_TEXT: Record<CaptchaType, string> = {
  blockPuzzle: '拖动不方便？换成文字点选',
  clickWord: '换成滑块验证',
};

/**
 * The captcha in either of the spec's modes: inline ('fixed') or in a dialog ('pop'). The slider
 * is the default (spec 9); a link under it swaps to the click-word challenge for people who
 * cannot drag, and back. Either pass is a captchaVerification the server accepts.
 */
export function Captcha(props: CaptchaProps) {
  const { captchaType = 'blockPuzzle', width = CAPTCHA_FRAME.width, onSuccess } = props;
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [type, setType] = useState<CaptchaType>(captchaType);
  const Widget = type === 'clickWord' ? ClickWordCaptcha : SliderCaptcha;
  const swap = (
    <div className={styles.swap}>
      <Button
        type="link"
        size="small"
        onClick={() => setType((t) => (t === 'clickWord' ? 'blockPuzzle' : 'clickWord'))}
      >
        {SWITCH_TEXT[type]}
      </Button>
    </div>
  );

  if (props.mode === 'fixed')
    return (
      <>
        <Widget key={type} width={width} onSuccess={onSuccess} />
        {swap}
      </>
    );

  const { open, onClose } = props;
  const handleSuccess = (verification: string) => {
    onSuccess(verification);
    // The widget emits after 1 s; the dialog stays up until 1.5 s after the pass.
    hideTimer.current = setTimeout(
      onClose,
      CAPTCHA_TIMINGS.popupHideMs - CAPTCHA_TIMINGS.successEmitMs,
    );
  };
  return (
    <Modal
      open={open}
      title={CAPTCHA_TITLE}
      footer={null}
      width={width + 48}
      centered
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={() => {
        if (hideTimer.current) clearTimeout(hideTimer.current);
        onClose();
      }}
    >
      {open && (
        <>
          <Widget key={type} width={width} onSuccess={handleSuccess} />
          {swap}
        </>
      )}
    </Modal>
  );
}
