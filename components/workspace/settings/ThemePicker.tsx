'use client';

import { Radio } from 'antd';
import type { WorkspaceTheme } from '@/lib/shared/workspace/layout-settings';

/** The three themes with their labels (spec 3: mixins, white, dark). */
export const THEME_CHOICES: ReadonlyArray<{ value: WorkspaceTheme; label: string }> = [
  { value: 'mixins', label: '混合' },
  { value: 'white', label: '亮色' },
  { value: 'dark', label: '暗色' },
];

/** A miniature of the workspace in a theme: side menu, top bar and page. */
function ThemePreview({ theme }: { theme: WorkspaceTheme }) {
  return (
    <span className={`ws-theme-preview ws-theme-preview-${theme}`} aria-hidden>
      <span className="ws-theme-preview-sider" />
      <span className="ws-theme-preview-main">
        <span className="ws-theme-preview-header" />
        <span className="ws-theme-preview-body" />
      </span>
    </span>
  );
}

/** 主题风格: one visual choice per theme; a radio group, so keyboard and screen readers work. */
export function ThemePicker({
  value,
  disabled,
  labelledBy,
  onChange,
}: {
  value: WorkspaceTheme;
  disabled: boolean;
  labelledBy: string;
  onChange: (theme: WorkspaceTheme) => void;
}) {
  return (
    <Radio.Group
      className="ws-theme-choices"
      value={value}
      disabled={disabled}
      aria-labelledby={labelledBy}
      onChange={(e) => onChange(e.target.value as WorkspaceTheme)}
    >
      {THEME_CHOICES.map((choice) => (
        <Radio key={choice.value} value={choice.value} className="ws-theme-choice">
          <ThemePreview theme={choice.value} />
          <span className="ws-theme-choice-label">{choice.label}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
