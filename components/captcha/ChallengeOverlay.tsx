'use client';

import { ReloadOutlined } from '@ant-design/icons';
import styles from './captcha.module.css';

/** Joins the class names that apply. */
export const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/**
 * What both captcha widgets lay over their picture: the refresh button (top right) and the
 * result strip (bottom) that slides in once a check has settled.
 */
export function ChallengeOverlay({
  onRefresh,
  refreshDisabled,
  settled,
  success,
  tip,
}: {
  onRefresh: () => void;
  refreshDisabled: boolean;
  settled: boolean;
  success: boolean;
  tip: string;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.refresh}
        onClick={(e) => {
          // A click on the click-word picture would count as an answer point.
          e.stopPropagation();
          onRefresh();
        }}
        aria-label="刷新验证码"
        title="刷新"
        disabled={refreshDisabled}
      >
        <ReloadOutlined />
      </button>
      <div
        className={cx(
          styles.tip,
          settled && styles.tipShown,
          success ? styles.tipSuccess : styles.tipFail,
        )}
        role="status"
      >
        {settled ? tip : ''}
      </div>
    </>
  );
}
