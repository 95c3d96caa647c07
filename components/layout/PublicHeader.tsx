import Link from 'next/link';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { HeaderUserArea } from './HeaderUserArea';

/** Top bar of public pages: logo and name, optional search slot, sign-in or user menu. */
export function PublicHeader({ search }: { search?: React.ReactNode }) {
  return (
    <header
      style={{
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        height: 56,
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        padding: '0 24px',
      }}
    >
      <Link
        href="/"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          color: '#1677ff',
          fontWeight: 700,
          fontSize: 18,
          whiteSpace: 'nowrap',
        }}
      >
        <span
          aria-hidden
          style={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 28,
            height: 28,
            borderRadius: 6,
            background: '#1677ff',
            color: '#fff',
            fontSize: 14,
          }}
        >
          雷
        </span>
        {PRODUCT_NAME}
      </Link>
      <div style={{ flex: 1, maxWidth: 560 }}>{search}</div>
      <nav aria-label="用户" style={{ marginLeft: 'auto' }}>
        <HeaderUserArea />
      </nav>
    </header>
  );
}
