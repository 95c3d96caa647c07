'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { readFrameMessage, trustFrame } from '@/lib/client/session/frame-messages';
import { PARTNER_FRAME_TIMEOUT_MS } from '@/lib/shared/partner/partner-settings';
import './partner.css';

export type PartnerFrameProps = {
  title: string;
  partnerName: string;
  /** The partner's origin: the only one this frame's messages are heard from. */
  origin: string;
  /** This app's /tanji/auth address, which sends the frame on to the partner with a code. */
  frameSrc: string;
};

type FrameState = 'loading' | 'loaded' | 'timeout';

/**
 * A partner platform page inside the workspace (spec 2.2, ADR 0206). The page's frame (title,
 * breadcrumb, tag) is already drawn when this mounts; the partner's page loads under a loader
 * until it posts APP_PAGE_LOADED, and one that stays silent gets a retry. Its LOGIN_PAGE_LOADED
 * ends the session here (LoginController, spec 4.1) while this frame is open.
 */
export function PartnerFrame({ title, partnerName, origin, frameSrc }: PartnerFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<FrameState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const isFrame = (source: unknown) => source != null && source === frame.current?.contentWindow;
    const stop = trustFrame(origin, isFrame);
    const onMessage = (ev: MessageEvent) => {
      if (ev.origin !== origin || !isFrame(ev.source)) return;
      if (readFrameMessage(ev, window.location.origin) === 'app-page-loaded') setState('loaded');
    };
    window.addEventListener('message', onMessage);
    return () => {
      stop();
      window.removeEventListener('message', onMessage);
    };
  }, [origin]);

  // The frame opens once its messages can be heard (the effect above runs first): a partner
  // answering before hydration would otherwise post APP_PAGE_LOADED to nobody.
  useEffect(() => {
    if (frame.current) frame.current.src = frameSrc;
  }, [frameSrc, attempt]);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('timeout'), PARTNER_FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state, attempt]);

  const retry = () => {
    setState('loading');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="partner-page" data-testid="partner-page" data-state={state}>
      {state === 'timeout' ? (
        <StatusNotice
          className="partner-page-retry"
          status="warning"
          title={`${partnerName}暂未响应`}
          subTitle="页面加载超时，请检查网络后重试"
          extra={
            <Button type="primary" onClick={retry}>
              重新加载
            </Button>
          }
        />
      ) : null}
      {state === 'loading' ? (
        <div className="partner-page-loader" role="status">
          <Spin />
          <span>正在打开{partnerName}…</span>
        </div>
      ) : null}
      <iframe
        key={attempt}
        ref={frame}
        className="partner-page-frame"
        title={title}
        hidden={state === 'timeout'}
        // The partner keeps its own origin (its sign-in cookie), but cannot move this window.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
