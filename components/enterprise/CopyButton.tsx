'use client';

import { useState } from 'react';

/** 复制 next to a phone or e-mail: copies it and says 已复制 for a moment (no antd). */
export function CopyButton({ value }: { value: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="ent-copy"
      aria-label={`复制 ${value}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(() => {
          setDone(true);
          setTimeout(() => setDone(false), 1500);
        })
      }
    >
      {done ? '已复制' : '复制'}
    </button>
  );
}
