/** A loading indicator in antd's primary colour, drawn by CSS (workspace.css): no Spin code. */
export function Spinner({ size = 'default' }: { size?: 'default' | 'large' }) {
  return (
    <span className={size === 'large' ? 'ws-spinner ws-spinner-large' : 'ws-spinner'} aria-hidden />
  );
}
