/**
 * One antd look everywhere (visitors' pages, the workspace, invitation, login): the brand's blue
 * and greys one step darker than antd's defaults, so small text and white on blue meet WCAG AA
 * (4.5:1). antd's blue-6 on white and its 45 % grey were 4.1:1 and 3.4:1; the workspace themes
 * (components/workspace/settings/workspace-theme.ts) nest inside and keep these greys.
 */
export const ACCESSIBLE_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  borderRadius: 6,
} as const;
