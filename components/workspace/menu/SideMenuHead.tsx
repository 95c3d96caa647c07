'use client';

import { useSession } from '@/lib/client/session';

/** Spec 2.5: enterprise name at most 6 characters, nickname at most 8, then an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Head of the side menu (spec 2.5): the enterprise's logo, or two characters of its name, with the
 * edition tag; the enterprise name and the user's nickname below it.
 */
export function SideMenuHead({ collapsed }: { collapsed: boolean }) {
  const { profile, vip, user } = useSession();
  const enterprise = profile?.enterpriseInfo;
  const name = enterprise?.name || '未加入企业';
  const nickname = user?.nickname || user?.userName || '';
  const size = collapsed ? 32 : 40;
  const cls = collapsed ? 'ws-avatar ws-avatar-small' : 'ws-avatar';
  // Plain elements in antd's Avatar and Tag look: the head is in the first paint of every page.
  const avatar = enterprise?.logo ? (
    // eslint-disable-next-line @next/next/no-img-element -- a small logo; next/image is not worth it
    <img className={cls} src={enterprise.logo} alt={name} width={size} height={size} />
  ) : (
    <span className={cls} role="img" aria-label={name}>
      {enterprise?.shortName || name.slice(0, 2)}
    </span>
  );
  if (collapsed)
    return (
      <div className="ws-menu-head ws-menu-head-collapsed" title={name}>
        {avatar}
      </div>
    );
  return (
    <div className="ws-menu-head" data-testid="side-menu-head">
      {avatar}
      <div className="ws-menu-head-text">
        <div className="ws-menu-head-name" title={name}>
          {truncate(name, 6)}
        </div>
        <div className="ws-menu-head-sub">
          {vip ? (
            <span className={vip.isVip ? 'ws-edition-tag ws-edition-tag-vip' : 'ws-edition-tag'}>
              {vip.editionName}
            </span>
          ) : null}
          <span title={nickname}>{truncate(nickname, 8)}</span>
        </div>
      </div>
    </div>
  );
}
