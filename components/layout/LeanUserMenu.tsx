'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { shortName, type LeanUser } from './lean-user';
import './lean-user-menu.css';

/** Hover opens after this long and closes this long after the pointer left (as antd's Dropdown). */
const HOVER_OPEN_MS = 150;
const HOVER_CLOSE_MS = 200;

function Caret() {
  return (
    <svg viewBox="0 0 16 16" className="pub-icon pub-caret" aria-hidden>
      <path d="M3.2 5.6 8 10.4l4.8-4.8-.9-.9L8 8.6 4.1 4.7z" />
    </svg>
  );
}

/** The default avatar: a head and shoulders in a grey circle. */
function AvatarImage({ src }: { src: string }) {
  if (src)
    // A plain img: next/image's client code is not worth a 28 px avatar on a lean page.
    // eslint-disable-next-line @next/next/no-img-element
    return <img className="pub-avatar" src={src} alt="" width={28} height={28} />;
  return (
    <span className="pub-avatar pub-avatar-empty" aria-hidden>
      <svg viewBox="0 0 16 16" className="pub-icon">
        <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 1.5c-2.7 0-5 1.4-5 3.2V14h10v-1.3c0-1.8-2.3-3.2-5-3.2Z" />
      </svg>
    </span>
  );
}

/**
 * The user menu of spec 2.4 in plain HTML (no antd): 个人中心, 绑定公众号 while no official account
 * is bound, and 退出登录, whose confirmation (an antd modal, as in the workspace) loads the runtime.
 * A menu button (WAI-ARIA pattern): opens on click, hover or arrow keys; Escape closes it.
 * On public pages (`workspaceLinks`) it lists the workspace pages first: a signed-in user on the
 * search or a company page can always get back to 线索 (issue 28 item 7).
 */
export function LeanUserMenu({
  user,
  onLogout,
  onIntent,
  workspaceLinks,
}: {
  user: LeanUser;
  /**
   * The workspace pages listed above 个人中心 (WORKSPACE_SHORTCUTS, handed in: the lean pages do
   * not carry the page list's code).
   */
  workspaceLinks?: readonly { href: string; label: string }[];
  /** 退出登录 was chosen. */
  onLogout: () => void;
  /** The pointer or focus reached the menu: a good moment to fetch the runtime's code. */
  onIntent?: () => void;
}) {
  const [open, setOpenState] = useState(false);
  const openRef = useRef(false);
  const setOpen = (next: boolean) => {
    openRef.current = next;
    setOpenState(next);
  };
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Opened by hover (a click then keeps it open, as antd's click-and-hover trigger does). */
  const byHover = useRef(false);
  /** Which item gets focus once the list is drawn (keyboard opening). */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const all = items();
      (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
      focusOnOpen.current = null;
    }
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(
    () => () => {
      if (hoverTimer.current) clearTimeout(hoverTimer.current);
    },
    [],
  );

  const hover = (next: boolean) => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => {
        if (next && !openRef.current) byHover.current = true;
        if (!next && !byHover.current) return; // opened by click: stays until clicked away
        setOpen(next);
      },
      next ? HOVER_OPEN_MS : HOVER_CLOSE_MS,
    );
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    byHover.current = false;
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonClick = () => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current);
    if (open && byHover.current) {
      byHover.current = false; // pinned by the click
      return;
    }
    byHover.current = false;
    setOpen(!open);
  };

  const onButtonKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowDown' ? 'first' : 'last';
      byHover.current = false;
      if (open) {
        const all = items();
        (e.key === 'ArrowDown' ? all[0] : all[all.length - 1])?.focus();
      } else setOpen(true);
    } else if (e.key === 'Escape' && open) close(true);
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (e.key === 'ArrowDown') next = (at + 1) % all.length;
    else if (e.key === 'ArrowUp') next = (at - 1 + all.length) % all.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = all.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      return close(true);
    } else if (e.key === 'Tab') return close(false);
    if (next >= 0) {
      e.preventDefault();
      all[next]?.focus();
    }
  };

  const name = shortName(user.name);
  return (
    <div
      ref={rootRef}
      className="pub-menu"
      onPointerEnter={(e) => {
        onIntent?.();
        if (e.pointerType === 'mouse') hover(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') hover(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="pub-menu-button"
        // The visible name is part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${name}，用户菜单`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKey}
        onFocus={onIntent}
      >
        <AvatarImage src={user.avatar} />
        <span className="pub-menu-name">{name}</span>
        <Caret />
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={menuId}
          role="menu"
          aria-label="用户菜单"
          className="pub-menu-list"
          onKeyDown={onListKey}
        >
          {workspaceLinks
            ? workspaceLinks.map((s) => (
                <li role="none" key={s.href}>
                  <a role="menuitem" href={s.href} tabIndex={-1}>
                    {s.label}
                  </a>
                </li>
              ))
            : null}
          {workspaceLinks?.length ? <li role="separator" className="pub-menu-sep" /> : null}
          <li role="none">
            <a role="menuitem" href="/userSystem/userInfo" tabIndex={-1}>
              个人中心
            </a>
          </li>
          {user.wechatBound ? null : (
            <li role="none">
              <a role="menuitem" href="/userSystem/userInfo?bind=wechat" tabIndex={-1}>
                绑定公众号
              </a>
            </li>
          )}
          <li role="separator" className="pub-menu-sep" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onLogout();
              }}
            >
              退出登录
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
