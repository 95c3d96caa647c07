'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Modal } from 'antd';
import { ApiClientError, call, download } from '@/lib/client/request';
import { downloadJobFile } from '@/lib/shared/jobs/job.endpoints';
import {
  deleteBatchWywJob,
  getBatchWywJob,
  getProgressWywJobId,
} from '@/lib/shared/wyw/wyw.endpoints';
import {
  WYW_CALLBACK_PARAMS_KEY,
  WYW_POLL_MS,
  WYW_SOCKET_PATH,
  WYW_STARTED_EVENT,
  WYW_STATUS,
  WYW_TEXT,
  wywSuccessText,
} from '@/lib/shared/wyw/wyw.constants';
import type { WywJobState } from '@/lib/shared/wyw/wyw.contract';
import { clearWywCallback, takeWywCallback } from '@/lib/shared/wyw/wyw-storage';
import { ProgressRing } from './ProgressRing';
import './wyw.css';
import { useFeedback } from '@/lib/client/feedback';

const SOCKET_REPLY = 'wyw-batch-job';
const RECONNECT_MS = 5000;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // The session cookie authenticates the browser (the token never reaches page scripts).
  return `${scheme}://${window.location.host}${WYW_SOCKET_PATH}`;
}

/**
 * 批量导出 overlay (spec 2.7, 4.6), mounted on every /clue page. It shows while the member has a
 * batch running: found on mount, when a tab regains focus, when another tab starts one
 * (storage event) or this one does (WYW_STARTED_EVENT). The job id goes over
 * /websocket/wyw/get-batch-wyw-job every second and each answer is the job's state; while the
 * socket is down the same state is polled over HTTP and the socket reconnects. On finish: the
 * success message, the socket closed, 导出.xlsx downloaded by the tab holding WYWCallback.
 * Closing the tab does not stop the job; 终止导出 does.
 */
export function BatchExportOverlay() {
  const { message } = useFeedback();
  const [jobId, setJobId] = useState<number | null>(null);
  const [state, setState] = useState<WywJobState | null>(null);
  const [stopping, setStopping] = useState(false);
  const ended = useRef<number | null>(null);

  const restore = useEffectEvent(async () => {
    try {
      const id = await call(getProgressWywJobId, undefined, { silent: true });
      if (id && id !== ended.current) setJobId(id);
    } catch {
      // Not signed in or offline: nothing to show.
    }
  });

  useEffect(() => {
    const first = setTimeout(() => void restore(), 0);
    const onStarted = (e: Event) => {
      const id = Number((e as CustomEvent<number>).detail);
      if (id > 0) setJobId(id);
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key !== WYW_CALLBACK_PARAMS_KEY) return;
      if (e.newValue) void restore();
      else {
        setJobId(null);
        setState(null);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void restore();
    };
    window.addEventListener(WYW_STARTED_EVENT, onStarted);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(first);
      window.removeEventListener(WYW_STARTED_EVENT, onStarted);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const close = () => {
    setJobId(null);
    setState(null);
  };

  /** One state from the socket or the poll; ends the overlay once the job has ended. */
  const apply = useEffectEvent((s: WywJobState) => {
    if (s.jobId !== jobId || ended.current === s.jobId) return;
    setState(s);
    if (s.status === WYW_STATUS.running) return;
    ended.current = s.jobId;
    close();
    if (s.status === WYW_STATUS.finished) {
      // The same counts as the file's 汇总 sheet and 下载中心 (wywSummaryText on the server).
      message.success(s.summary ?? wywSuccessText(s.collectedCompanyNum, s.newContactNum));
      if (takeWywCallback(s.jobId) && s.downloadable)
        void download(downloadJobFile, { query: { id: s.jobId } }).catch(() => undefined);
    } else if (s.status === WYW_STATUS.failed) message.error(s.error || WYW_TEXT.failed);
    else message.info(WYW_TEXT.stopped);
    clearWywCallback();
  });

  const gone = useEffectEvent(() => {
    clearWywCallback();
    close();
  });

  useEffect(() => {
    if (jobId === null) return;
    let disposed = false;
    let ws: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let polling = false;

    const poll = async () => {
      if (polling) return;
      polling = true;
      try {
        const s = await call(getBatchWywJob, { query: { jobId } }, { silent: true });
        if (!disposed) apply(s);
      } catch (err) {
        if (!disposed && err instanceof ApiClientError && err.code === 404) gone();
      } finally {
        polling = false;
      }
    };
    const connect = () => {
      if (disposed) return;
      const socket = new WebSocket(socketUrl());
      ws = socket;
      socket.onopen = () => socket.send(String(jobId));
      socket.onmessage = (ev) => {
        try {
          const m = JSON.parse(String(ev.data)) as {
            type?: string;
            code?: number;
            data?: WywJobState | null;
          };
          if (m.type !== SOCKET_REPLY || disposed) return;
          if (m.code === 200 && m.data) apply(m.data);
          else if (m.code === 404) gone();
        } catch {
          // Not ours.
        }
      };
      socket.onclose = () => {
        if (ws === socket) ws = null;
        if (!disposed) reconnect = setTimeout(connect, RECONNECT_MS);
      };
    };
    // Every second: the job id over the socket, or the same question over HTTP while it is down.
    const tick = () => {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(String(jobId));
      else void poll();
    };
    connect();
    void poll();
    const timer = setInterval(tick, WYW_POLL_MS);
    return () => {
      disposed = true;
      clearInterval(timer);
      clearTimeout(reconnect);
      ws?.close();
    };
  }, [jobId]);

  async function stop() {
    if (jobId === null) return;
    setStopping(true);
    ended.current = jobId;
    try {
      await call(deleteBatchWywJob, { query: { jobId } });
      message.success(WYW_TEXT.stopped);
    } catch {
      // The global handler shows it; the job may already have ended.
    } finally {
      clearWywCallback();
      close();
      setStopping(false);
    }
  }

  const open = jobId !== null;
  const processed = state?.jobId === jobId ? state.processedCompanyNum : 0;
  const total = state?.jobId === jobId ? state.totalCompanyNum : 0;
  const percent = state?.jobId === jobId ? state.progressPercent : 0;

  return (
    <Modal
      open={open}
      title={WYW_TEXT.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      width={420}
      footer={null}
      destroyOnHidden
    >
      <div className="wyw-overlay-body" data-testid="wyw-overlay">
        <ProgressRing percent={percent}>
          <span className="wyw-count" data-testid="wyw-count">
            {processed}/{total}
          </span>
          <span className="wyw-collecting">{WYW_TEXT.collecting}</span>
        </ProgressRing>
        <ul className="wyw-notes">
          <li>{WYW_TEXT.noteCollect}</li>
          <li>{WYW_TEXT.noteStop}</li>
        </ul>
        <Button danger loading={stopping} onClick={stop}>
          {WYW_TEXT.stop}
        </Button>
      </div>
    </Modal>
  );
}
