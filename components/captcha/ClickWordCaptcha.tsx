'use client';

import { useRef, useState, type MouseEvent } from 'react';
import { Spin } from 'antd';
import {
  CAPTCHA_FRAME,
  CAPTCHA_IMAGE,
  CAPTCHA_TIMINGS,
  CLICK_COUNT,
  SLIDER_BAR_HEIGHT,
  imageDataUrl,
  type CaptchaPoint,
} from '@/lib/shared/captcha/protocol';
import { submitAnswer } from './captcha-client';
import { useChallenge } from './useChallenge';
import type { CaptchaWidgetProps } from './SliderCaptcha';
import styles from './captcha.module.css';
import { ChallengeOverlay, cx } from './ChallengeOverlay';

type Status = 'idle' | 'checking' | 'success' | 'fail';

/** Click-word captcha: click the listed characters in order; numbered dots mark the clicks. */
export function ClickWordCaptcha({ width = CAPTCHA_FRAME.width, onSuccess }: CaptchaWidgetProps) {
  const { challenge, loading, error, refresh, later, settle } = useChallenge('clickWord');
  const height = (width * CAPTCHA_IMAGE.height) / CAPTCHA_IMAGE.width;
  const [points, setPoints] = useState<CaptchaPoint[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [tip, setTip] = useState('');
  const firstClickAt = useRef<number | null>(null);

  const reload = () => {
    setPoints([]);
    setStatus('idle');
    setTip('');
    firstClickAt.current = null;
    void refresh();
  };

  const submit = async (clicked: CaptchaPoint[]) => {
    if (!challenge) return;
    // Scale to the 310x155 reference frame (spec 5).
    const answer = clicked.map((p) => ({
      x: Math.round((p.x * CAPTCHA_FRAME.width * 10) / width) / 10,
      y: Math.round((p.y * CAPTCHA_FRAME.height * 10) / height) / 10,
    }));
    const out = await submitAnswer('clickWord', challenge, answer);
    settle(out, {
      startedAt: firstClickAt.current,
      refreshMs: CAPTCHA_TIMINGS.clickRefreshMs,
      show: (result, text) => {
        setStatus(result);
        setTip(text);
      },
      onSuccess,
      reload,
    });
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (status !== 'idle' || !challenge || points.length >= CLICK_COUNT) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const next = [...points, { x: e.clientX - rect.left, y: e.clientY - rect.top }];
    firstClickAt.current ??= Date.now();
    setPoints(next);
    if (next.length === CLICK_COUNT) {
      setStatus('checking');
      later(() => void submit(next), CAPTCHA_TIMINGS.clickSubmitMs);
    }
  };

  const settled = status === 'success' || status === 'fail';
  const words = challenge?.wordList?.join(',') ?? '';

  return (
    <div
      className={styles.panel}
      style={{ width }}
      data-testid="captcha-click-word"
      // The token is public (the browser sends it back); tests use it to find the challenge.
      data-token={challenge?.token}
    >
      <div
        className={cx(styles.imageBox, !!challenge && status === 'idle' && styles.clickable)}
        style={{ width, height }}
        onClick={onClick}
        data-testid="captcha-click-image"
      >
        {challenge ? (
          // Base64 data from the API: next/image adds nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            className={styles.background}
            src={imageDataUrl(challenge.originalImageBase64)}
            alt="验证码图片"
            draggable={false}
          />
        ) : (
          <div className={styles.placeholder}>{loading ? <Spin /> : error}</div>
        )}
        {points.map((p, i) => (
          <span key={i} className={styles.dot} style={{ left: p.x, top: p.y }}>
            {i + 1}
          </span>
        ))}
        <ChallengeOverlay
          onRefresh={reload}
          refreshDisabled={status === 'checking'}
          settled={settled}
          success={status === 'success'}
          tip={tip}
        />
      </div>
      <div
        className={cx(styles.bar)}
        style={{ width, height: SLIDER_BAR_HEIGHT, lineHeight: `${SLIDER_BAR_HEIGHT - 2}px` }}
      >
        <span
          className={cx(
            styles.barText,
            status === 'success' && styles.barTextSuccess,
            status === 'fail' && styles.barTextFail,
          )}
        >
          {status === 'success' ? (
            tip
          ) : status === 'fail' ? (
            '验证失败'
          ) : words ? (
            <>
              请依次点击【<span className={styles.words}>{words}</span>】
            </>
          ) : (
            ''
          )}
        </span>
      </div>
    </div>
  );
}
