/**
 * A tag in antd's look without antd (server-rendered, no client code). Text colours are one step
 * darker than antd's presets so every tag passes WCAG AA contrast.
 */
export type PlainTagColor = 'blue' | 'green' | 'gold' | 'red' | 'orange' | 'default';

export function PlainTag({
  color = 'default',
  outlined = false,
  children,
}: {
  color?: PlainTagColor;
  /** Border only, white background. */
  outlined?: boolean;
  children: React.ReactNode;
}) {
  return (
    <span className={`ptag ptag-${color}${outlined ? ' ptag-outlined' : ''}`}>{children}</span>
  );
}
