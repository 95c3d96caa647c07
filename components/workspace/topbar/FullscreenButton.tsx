'use client';

import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useFeedback } from '@/lib/client/feedback';

/** Spec 2.4 fullscreen toggle; browsers without the Fullscreen API (iPhone Safari) get a notice. */
export function FullscreenButton() {
  const { message } = useFeedback();
  const [full, setFull] = useState(false);

  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      message.warning('当前浏览器不支持全屏');
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      message.warning('无法切换全屏，请使用浏览器的全屏功能（F11）');
    }
  };

  const label = full ? '退出全屏' : '全屏';
  return (
    <Button
      type="text"
      aria-label={label}
      title={label}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() => void toggle()}
    />
  );
}
