'use client';

import { Alert, Button } from 'antd';

/** A list or panel that failed to load: the reason and a 重试 button. */
export function LoadErrorAlert({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          重试
        </Button>
      }
    />
  );
}
