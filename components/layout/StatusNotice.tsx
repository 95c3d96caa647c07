/**
 * A status in place of a page's content (暂无操作权限, 请先登录, 扫码成功 …): an icon, a title, a line
 * of text and actions. It replaces antd's Result, whose module carries three large illustrations
 * (403/404/500, about 11 KB gzipped) into every page that shows any status at all. No hooks and no
 * 'use client': server and client components both render it. Colours follow antd's CSS variables
 * where a workspace theme sets them (the dark theme included), with the light tokens as fallback.
 */
export type NoticeStatus = 'success' | 'info' | 'warning' | 'error' | '403' | '404';

const GLYPHS: Record<NoticeStatus, React.ReactNode> = {
  success: <path d="M14 24.5l6.5 6.5L34 17.5" />,
  info: (
    <>
      <path d="M24 21v13" />
      <circle cx="24" cy="15" r="0.6" />
    </>
  ),
  warning: (
    <>
      <path d="M24 13v13" />
      <circle cx="24" cy="33" r="0.6" />
    </>
  ),
  error: <path d="M17 17l14 14M31 17L17 31" />,
  // A padlock: the page exists, the caller may not use it.
  '403': (
    <>
      <rect x="15" y="22" width="18" height="13" rx="2" />
      <path d="M19 22v-4a5 5 0 0 1 10 0v4" />
    </>
  ),
  // A magnifier: what was looked for is not there.
  '404': (
    <>
      <circle cx="22" cy="22" r="7" />
      <path d="M27 27l6 6" />
    </>
  ),
};

export function StatusNotice({
  status = 'info',
  title,
  subTitle,
  extra,
  children,
  className,
}: {
  status?: NoticeStatus;
  title: React.ReactNode;
  subTitle?: React.ReactNode;
  extra?: React.ReactNode;
  /** More below the actions, on a tinted panel (antd Result's content). */
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`lr-notice lr-notice-${status}${className ? ` ${className}` : ''}`}>
      <svg className="lr-notice-icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
        <circle cx="24" cy="24" r="21" />
        {GLYPHS[status]}
      </svg>
      <div className="lr-notice-title">{title}</div>
      {subTitle ? <div className="lr-notice-subtitle">{subTitle}</div> : null}
      {extra ? <div className="lr-notice-extra">{extra}</div> : null}
      {children ? <div className="lr-notice-content">{children}</div> : null}
    </div>
  );
}
