'use client';

import { useRef, useState, type PointerEvent } from 'react';
import { ArrowRightOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import {
  CAPTCHA_FRAME,
  CAPTCHA_IMAGE,
  CAPTCHA_JIGSAW_WIDTH,
  CAPTCHA_TIMINGS,
  DRAG_TRACE,
  SLIDER_BAR_HEIGHT,
  SLIDER_Y,
  imageDataUrl,
  type DragSample,
} from '@/lib/shared/captcha/protocol';
import { submitAnswer } from './captcha-client';
import { useChallenge } from './useChallenge';
import styles from './captcha.module.css';
import { ChallengeOverlay, cx } from './ChallengeOverlay';

export type CaptchaWidgetProps = {
  /** Shown width in CSS pixels; answers are scaled to the 310 reference. Default 310. */
  width?: number;
  /** Called ~1 s after a pass with the captchaVerification. */
  onSuccess: (captchaVerification: string) => void;
};

type Status = 'idle' | 'moving' | 'checking' | 'success' | 'fail';

/** Adds a drag sample; past the limit every other sample goes, so the whole drag keeps its shape. */
function recordSample(trace: DragSample[], sample: DragSample): DragSample[] {
  const kept = trace.length < DRAG_TRACE.maxSamples ? trace : trace.filter((_, i) => i % 2 === 0);
  return [...kept, sample];
}

/** Block-puzzle captcha: drag the handle until the piece fills the hole (mouse, touch or pen). */
export function SliderCaptcha({ width = CAPTCHA_FRAME.width, onSuccess }: CaptchaWidgetProps) {
  const { challenge, loading, error, refresh, settle } = useChallenge('blockPuzzle');
  const height = (width * CAPTCHA_IMAGE.height) / CAPTCHA_IMAGE.width;
  const pieceWidth = (width * CAPTCHA_JIGSAW_WIDTH) / CAPTCHA_IMAGE.width;
  const maxLeft = width - SLIDER_BAR_HEIGHT;

  const [left, setLeft] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [tip, setTip] = useState('');
  const drag = useRef<{ offset: number; startedAt: number; trace: DragSample[] } | null>(null);
  const firstTouchAt = useRef<number | null>(null);

  /** A left position in CSS px as frame px (what the answer and the trace are expressed in). */
  const toFrame = (px: number) => Math.round(((px * CAPTCHA_FRAME.width) / width) * 10) / 10;

  const reload = () => {
    setLeft(0);
    setStatus('idle');
    setTip('');
    firstTouchAt.current = null;
    void refresh();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (status !== 'idle' || !challenge) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    firstTouchAt.current ??= Date.now();
    drag.current = { offset: e.clientX - left, startedAt: Date.now(), trace: [[0, toFrame(left)]] };
    setStatus('moving');
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const next = Math.min(maxLeft, Math.max(0, e.clientX - d.offset));
    d.trace = recordSample(d.trace, [Date.now() - d.startedAt, toFrame(next)]);
    setLeft(next);
  };

  const onPointerUp = async (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !challenge) return;
    drag.current = null;
    const finalLeft = Math.min(maxLeft, Math.max(0, left));
    if (e.currentTarget.hasPointerCapture(e.pointerId))
      e.currentTarget.releasePointerCapture(e.pointerId);
    if (finalLeft === 0) {
      setStatus('idle'); // a click without a drag is not an answer
      return;
    }
    setStatus('checking');
    const x = toFrame(finalLeft);
    const trace = recordSample(d.trace, [Date.now() - d.startedAt, x]);
    const out = await submitAnswer('blockPuzzle', challenge, { x, y: SLIDER_Y }, trace);
    settle(out, {
      startedAt: firstTouchAt.current,
      refreshMs: CAPTCHA_TIMINGS.sliderRefreshMs,
      show: (result, text) => {
        setStatus(result);
        setTip(text);
      },
      onSuccess,
      reload,
    });
  };

  const settled = status === 'success' || status === 'fail';
  // Once settled the tip over the picture carries the text; the handle would cover it here.
  const barText = status === 'idle' && left === 0 ? '向右滑动完成验证' : '';

  return (
    <div
      className={styles.panel}
      style={{ width }}
      data-testid="captcha-slider"
      // The token is public (the browser sends it back); tests use it to find the challenge.
      data-token={challenge?.token}
    >
      <div className={styles.imageBox} style={{ width, height }}>
        {challenge ? (
          <>
            {/* Base64 data from the API: next/image adds nothing here. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              className={styles.background}
              src={imageDataUrl(challenge.originalImageBase64)}
              alt="验证码背景图"
              draggable={false}
            />
            {challenge.jigsawImageBase64 && (
              // eslint-disable-next-line @next/next/no-img-element
              <img
                className={styles.jigsaw}
                src={imageDataUrl(challenge.jigsawImageBase64)}
                alt="拼图块"
                draggable={false}
                style={{ left, width: pieceWidth, height }}
                data-testid="captcha-jigsaw"
              />
            )}
          </>
        ) : (
          <div className={styles.placeholder}>{loading ? <Spin /> : error}</div>
        )}
        <ChallengeOverlay
          onRefresh={reload}
          refreshDisabled={status === 'checking' || status === 'moving'}
          settled={settled}
          success={status === 'success'}
          tip={tip}
        />
      </div>
      <div
        className={styles.bar}
        style={{ width, height: SLIDER_BAR_HEIGHT, lineHeight: `${SLIDER_BAR_HEIGHT - 2}px` }}
      >
        <span
          className={cx(
            styles.barText,
            status === 'success' && styles.barTextSuccess,
            status === 'fail' && styles.barTextFail,
          )}
        >
          {barText}
        </span>
        {(left > 0 || settled) && (
          <div
            className={cx(
              styles.fill,
              status === 'success' && styles.fillSuccess,
              status === 'fail' && styles.fillFail,
            )}
            style={{ width: left + SLIDER_BAR_HEIGHT }}
          />
        )}
        <div
          className={cx(
            styles.handle,
            status === 'moving' && styles.handleMoving,
            status === 'success' && styles.handleSuccess,
            status === 'fail' && styles.handleFail,
          )}
          style={{ left, width: SLIDER_BAR_HEIGHT, height: SLIDER_BAR_HEIGHT }}
          role="slider"
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={Math.round(maxLeft)}
          aria-valuenow={Math.round(left)}
          data-testid="captcha-slider-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {status === 'success' ? (
            <CheckOutlined />
          ) : status === 'fail' ? (
            <CloseOutlined />
          ) : (
            <ArrowRightOutlined />
          )}
        </div>
      </div>
    </div>
  );
}
