import { PRODUCT_NAME } from '@/lib/shared/brand';
import { WORKSPACE_SHORTCUTS } from '@/lib/shared/workspace/workspace-home';
import { LoginEntry } from './LoginEntry';
import './public-shell.css';

/**
 * Top bar of public pages: plain HTML and CSS (no antd), an optional search slot, and the user
 * area island (LoginEntry), which loads the login modal and the user menu only when needed.
 */
export function PublicHeader({ search }: { search?: React.ReactNode }) {
  return (
    <header className="pub-header">
      {/* A plain link: next/link's client code is not worth it on the lean public pages. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/" className="pub-brand">
        <span aria-hidden className="pub-logo">
          雷
        </span>
        {PRODUCT_NAME}
      </a>
      <div className="pub-search">{search}</div>
      <nav aria-label="用户" className="pub-user">
        {/* The member centre; a visitor is sent to sign in first by the route guard. */}
        <a href="/memberCenter" className="pub-member" rel="nofollow">
          开通会员
        </a>
        {/* The workspace pages for a signed-in user's menu: computed here, not in the island. */}
        <LoginEntry workspaceLinks={WORKSPACE_SHORTCUTS} />
      </nav>
    </header>
  );
}
