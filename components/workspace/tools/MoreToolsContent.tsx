'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, Skeleton, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import { useSession } from '@/lib/client/session';
import {
  listCommonFeatureNavs,
  listFeatureNavsForUser,
} from '@/lib/shared/feature-nav/feature-nav.endpoints';
import {
  COMMON_FEATURES_MAX,
  type FeatureNavItem,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { MenuIcon } from '../menu/menu-icons';
import { filterToolGroups } from './tool-model';
import { COMMON_TOOLS_KEY, useOpenTool } from './useOpenTool';
import './tools.css';

const TOOL_GROUPS_KEY = contractKey(listFeatureNavsForUser);
/** The tool list changes only when an administrator edits it. */
const TOOL_GROUPS_STALE_MS = 5 * 60_000;

function ToolGrid({
  tools,
  onPick,
}: {
  tools: FeatureNavItem[];
  onPick: (t: FeatureNavItem) => void;
}) {
  return (
    <ul className="more-tools-grid">
      {tools.map((tool) => (
        <li key={tool.id}>
          <button type="button" className="more-tools-item" onClick={() => onPick(tool)}>
            <MenuIcon name={tool.icon} />
            <span>{tool.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="more-tools-section" aria-label={title}>
      <Typography.Text strong className="more-tools-section-title">
        {title}
      </Typography.Text>
      {children}
    </section>
  );
}

/** A load failure in place of a list, with a retry. */
function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="more-tools-note" role="alert">
      <Typography.Text type="secondary">{text}</Typography.Text>
      <Button type="link" size="small" onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}

/** 常用工具: the signed-in user's most used tools (spec 9: at most 8). */
function CommonTools({ userId, onPick }: { userId: number; onPick: (t: FeatureNavItem) => void }) {
  const common = useQuery({
    queryKey: [...COMMON_TOOLS_KEY, userId],
    queryFn: () => call(listCommonFeatureNavs, {}, { silent: true }),
  });
  let body: React.ReactNode;
  if (common.isPending) body = <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  else if (common.isError)
    body = <LoadFailed text="常用工具加载失败" onRetry={() => void common.refetch()} />;
  else if (common.data.length === 0)
    body = (
      <Typography.Text type="secondary" className="more-tools-note">
        暂无常用工具，使用过的工具会出现在这里
      </Typography.Text>
    );
  else body = <ToolGrid tools={common.data.slice(0, COMMON_FEATURES_MAX)} onPick={onPick} />;
  return <Section title="常用工具">{body}</Section>;
}

/**
 * The panel's content: search, usual tools (signed-in only) and the groups of spec 2.4. Its own
 * module, loaded by MoreToolsPanel.tsx when the panel first opens.
 */
export function MoreToolsContent({ onDone }: { onDone: () => void }) {
  const { status, user } = useSession();
  const [keyword, setKeyword] = useState('');
  const openTool = useOpenTool();
  const groups = useQuery({
    queryKey: TOOL_GROUPS_KEY,
    queryFn: () => call(listFeatureNavsForUser, {}, { silent: true }),
    staleTime: TOOL_GROUPS_STALE_MS,
  });
  const pick = (tool: FeatureNavItem) => {
    openTool(tool);
    onDone();
  };
  const searching = keyword.trim() !== '';

  let list: React.ReactNode;
  if (groups.isPending) list = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (groups.isError)
    list = <LoadFailed text="工具列表加载失败" onRetry={() => void groups.refetch()} />;
  else {
    const shown = filterToolGroups(groups.data, keyword);
    list =
      shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={searching ? '搜索无结果' : '暂无可用工具'}
        />
      ) : (
        shown.map((g) => (
          <Section key={g.id} title={g.name}>
            <ToolGrid tools={g.subFeatureNavs} onPick={pick} />
          </Section>
        ))
      );
  }

  return (
    <div className="more-tools-panel" data-testid="more-tools-panel">
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder="搜索工具"
        aria-label="搜索工具"
        maxLength={30}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className="more-tools-body">
        {/* While searching, the matches across groups are the one list (no duplicates). */}
        {status === 'signed-in' && user && !searching ? (
          <CommonTools userId={user.id} onPick={pick} />
        ) : null}
        {list}
      </div>
    </div>
  );
}

/** Phones (≤ 768 px): the panel as a bottom drawer, rebuilt on every opening (`opening`). */
export function MoreToolsDrawer({
  open,
  opening,
  onClose,
}: {
  open: boolean;
  opening: number;
  onClose: () => void;
}) {
  return (
    <Drawer
      title="更多工具"
      placement="bottom"
      size="85%"
      open={open}
      onClose={onClose}
      destroyOnHidden
    >
      {open ? <MoreToolsContent key={opening} onDone={onClose} /> : null}
    </Drawer>
  );
}
