'use client';

import { useRef } from 'react';
import { Modal } from 'antd';
import { CAPTCHA_FRAME, CAPTCHA_TIMINGS, type CaptchaType } from '@/lib/shared/captcha/protocol';
import { SliderCaptcha } from './SliderCaptcha';
import { ClickWordCaptcha } from './ClickWordCaptcha';

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

/** The captcha in either of the spec's modes: inline ('fixed') or in a dialog ('pop'). */
export function Captcha(props: CaptchaProps) {
  const { captchaType = 'blockPuzzle', width = CAPTCHA_FRAME.width, onSuccess } = props;
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const Widget = captchaType === 'clickWord' ? ClickWordCaptcha : SliderCaptcha;

  if (props.mode === 'fixed') return <Widget width={width} onSuccess={onSuccess} />;

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
      title="请完成安全验证"
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
      {open && <Widget width={width} onSuccess={handleSuccess} />}
    </Modal>
  );
}
