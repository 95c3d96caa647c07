'use client';

import { Input } from 'antd';
import './crm.css';

/**
 * The reason a status change needs (线索无效, 商机输单): up to 200 characters, and `error` under it
 * once the user tried to go on without one.
 */
export function ReasonInput({
  label,
  placeholder,
  value,
  onChange,
  error,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <>
      <Input.TextArea
        rows={3}
        maxLength={200}
        showCount
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        status={error ? 'error' : undefined}
      />
      {error ? <div className="crm-error">{error}</div> : null}
    </>
  );
}
