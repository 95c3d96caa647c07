'use client';

import { useRef } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button } from 'antd';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { startNavigationProgress } from '../NavigationProgress';
import { isClosable } from './tag-list';
import { tagsStore, useTags } from './tags-store';

/** Spec 2.4 / 9: the strip scrolls in steps of 240 px. */
export const TAG_SCROLL_STEP = 240;

/** Visited pages as tabs (spec 2.4): the first is not closable; closing the active opens the last. */
export function TagStrip({ activePath }: { activePath: string }) {
  const tags = useTags();
  const router = useRouter();
  const scroller = useRef<HTMLDivElement>(null);

  const scroll = (dir: 1 | -1) =>
    scroller.current?.scrollBy({ left: dir * TAG_SCROLL_STEP, behavior: 'smooth' });

  const close = (path: string) => {
    const goTo = tagsStore.remove(path, activePath);
    if (goTo) {
      startNavigationProgress();
      router.push(goTo);
    }
  };

  return (
    <nav className="ws-tags" aria-label="已打开的页面" data-testid="tag-strip">
      <Button
        type="text"
        size="small"
        aria-label="向左滚动"
        icon={<LeftOutlined />}
        onClick={() => scroll(-1)}
      />
      <div className="ws-tags-scroll" ref={scroller}>
        {tags.map((t) => {
          const active = t.path === activePath;
          return (
            <span
              key={t.path}
              className={active ? 'ws-tag ws-tag-active' : 'ws-tag'}
              data-testid="tag"
              data-path={t.path}
            >
              <Link href={t.href} aria-current={active ? 'page' : undefined}>
                {t.title}
              </Link>
              {isClosable(tags, t.path) ? (
                <button
                  type="button"
                  className="ws-tag-close"
                  aria-label={`关闭 ${t.title}`}
                  onClick={() => close(t.path)}
                >
                  <CloseOutlined />
                </button>
              ) : null}
            </span>
          );
        })}
      </div>
      <Button
        type="text"
        size="small"
        aria-label="向右滚动"
        icon={<RightOutlined />}
        onClick={() => scroll(1)}
      />
    </nav>
  );
}
