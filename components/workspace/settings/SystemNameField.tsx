'use client';

import { useId, useState } from 'react';
import { Input } from 'antd';
import { SYSTEM_NAME_MAX } from '@/lib/shared/workspace/layout-settings';
// The settings drawer is loaded on demand (components/workspace/__tests__/first-load.test.ts), so
// this schema (zod) arrives with it, not with the shell.
import { systemNameSchema } from '@/lib/shared/workspace/layout-settings.schemas';

/**
 * 系统名称: edited freely, checked and saved when the field is left or Enter is pressed (not on
 * every keystroke, which would save half-typed names). A refused name stays in the field with
 * the reason under it.
 */
export function SystemNameField({
  id,
  value,
  disabled,
  onSave,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onSave: (name: string) => void;
}) {
  const errorId = useId();
  /** What is being typed; null while the field shows the saved name. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    const checked = systemNameSchema.safeParse(draft);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '系统名称不正确');
      return;
    }
    setDraft(null);
    setError(null);
    if (checked.data !== value) onSave(checked.data);
  }

  return (
    <div className="ws-settings-name">
      <Input
        id={id}
        value={draft ?? value}
        disabled={disabled}
        placeholder="请输入系统名称"
        count={{ show: true, max: SYSTEM_NAME_MAX }}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onBlur={commit}
        onPressEnter={commit}
      />
      {error ? (
        <div id={errorId} className="ws-settings-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
