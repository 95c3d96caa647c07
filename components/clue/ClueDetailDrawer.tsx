'use client';

import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Spin, Tag, Timeline } from 'antd';
import Link from 'next/link';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  createFollowUp,
  getClue,
  getClueContactList,
  listFollowUps,
} from '@/lib/shared/clue/clue.endpoints';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { errorText } from '@/components/employee/errors';
import { FollowUpEntry, FollowUpForm, type NewFollowUp } from '@/components/crm/FollowUp';
import { CollectContactsButton } from '@/components/wyw/CollectContactsButton';
import { ConvertLeadModal } from '@/components/customer/ConvertLeadModal';
import { NUM_KEY, PAGE_KEY, STATUS_COLOR, dateTime, statusName } from './shared';
import type { ClueStatus } from '@/lib/shared/clue/clue.constants';

const CONTACT_TYPE: Record<string, string> = {
  mobile: '手机',
  phone: '座机',
  email: '邮箱',
  wechat: '微信',
  website: '网址',
};
const FOLLOW_PAGE = 50;

/** 线索详情: the lead's fields, its contacts, the follow-up timeline and a form to add one. */
export function ClueDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const canUpdate = usePermission('szjk:clue:update');
  const canConvert = usePermission('szjk:customer:convert');
  const [convertOpen, setConvertOpen] = useState(false);
  const open = id !== null;
  const clueId = id ?? 0;

  const clue = useQuery({
    queryKey: contractKey(getClue, { query: { id: clueId } }),
    queryFn: () => call(getClue, { query: { id: clueId } }, { silent: true }),
    enabled: open,
    retry: 0,
  });
  const contacts = useQuery({
    queryKey: contractKey(getClueContactList, { query: { id: clueId } }),
    queryFn: () => call(getClueContactList, { query: { id: clueId } }, { silent: true }),
    enabled: open,
    retry: 0,
  });
  // The newest FOLLOW_PAGE records first; 加载更多 reads the next page from the server.
  const follows = useInfiniteQuery({
    queryKey: contractKey(listFollowUps, { query: { clueId, pageSize: FOLLOW_PAGE } }),
    queryFn: ({ pageParam }) =>
      call(
        listFollowUps,
        { query: { clueId, pageNo: pageParam, pageSize: FOLLOW_PAGE } },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * FOLLOW_PAGE < last.total ? all.length + 1 : undefined,
    enabled: open,
    retry: 0,
  });
  const followList = uniqueById(follows.data?.pages.flatMap((p) => p.list) ?? []);
  const followTotal = follows.data?.pages[follows.data.pages.length - 1]?.total ?? 0;

  const addFollowUp = async (v: NewFollowUp) => {
    await call(createFollowUp, { body: { clueId, ...v } }, { silent: true });
    await Promise.all([
      client.invalidateQueries({ queryKey: contractKey(listFollowUps) }),
      client.invalidateQueries({ queryKey: contractKey(getClue) }),
      client.invalidateQueries({ queryKey: PAGE_KEY }),
      client.invalidateQueries({ queryKey: NUM_KEY }),
    ]);
  };

  const c = clue.data;
  return (
    <Drawer
      title={c ? c.name : '线索详情'}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      className="clue-drawer"
      extra={
        c && canConvert && (c.status === 0 || c.status === 1) && c.deleteTime === null ? (
          <Button type="primary" onClick={() => setConvertOpen(true)}>
            转为客户
          </Button>
        ) : null
      }
    >
      {clue.isError ? (
        <Alert type="error" showIcon title={errorText(clue.error, '线索加载失败')} />
      ) : !c ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              {
                key: 'status',
                label: '状态',
                children: (
                  <>
                    <Tag color={STATUS_COLOR[c.status as ClueStatus]}>{statusName(c.status)}</Tag>
                    {c.status === 3 && c.invalidReason ? (
                      <span className="clue-muted">{c.invalidReason}</span>
                    ) : null}
                  </>
                ),
              },
              { key: 'source', label: '来源', children: c.source },
              {
                key: 'name',
                label: '企业',
                span: 2,
                children: c.enterpriseId ? (
                  <Link href={companyDetailPath({ uncid: c.creditCode, name: c.name })}>
                    {c.name}
                  </Link>
                ) : (
                  c.name
                ),
              },
              { key: 'credit', label: '信用代码', children: c.creditCode ?? '—' },
              { key: 'follow', label: '跟进人', children: c.followUserName ?? '—' },
              { key: 'region', label: '地区', children: c.regionName ?? '—' },
              { key: 'industry', label: '行业', children: c.industryName ?? '—' },
              {
                key: 'next',
                label: '下次跟进',
                children: (
                  <span className={c.due ? 'clue-due' : undefined}>
                    {dateTime(c.nextFollowTime)}
                  </span>
                ),
              },
              { key: 'last', label: '最近跟进', children: dateTime(c.lastFollowTime) },
              { key: 'address', label: '地址', span: 2, children: c.address ?? '—' },
              { key: 'remark', label: '备注', span: 2, children: c.remark ?? '—' },
              { key: 'creator', label: '创建人', children: c.creatorName ?? '—' },
              { key: 'created', label: '创建时间', children: dateTime(c.createTime) },
            ]}
          />

          <div className="clue-section-head">
            <h3 className="clue-section-title">联系方式</h3>
            {contacts.data?.enterpriseId ? (
              <CollectContactsButton
                entId={contacts.data.enterpriseId}
                onCollected={() =>
                  client.invalidateQueries({ queryKey: contractKey(getClueContactList) })
                }
              />
            ) : null}
          </div>
          {contacts.isLoading ? (
            <Spin size="small" />
          ) : contacts.data && contacts.data.list.length ? (
            <>
              {contacts.data.enterpriseId && !contacts.data.unlocked ? (
                <div className="clue-muted clue-note">企业联系方式未解锁，已脱敏显示</div>
              ) : null}
              <ul className="clue-contacts" aria-label="联系方式">
                {contacts.data.list.map((k) => (
                  <li key={`${k.origin}-${k.type}-${k.id}`}>
                    <Tag>{CONTACT_TYPE[k.type] ?? k.type}</Tag>
                    <span className={k.masked ? 'clue-masked' : undefined}>{k.value}</span>
                    {k.personName ? <span className="clue-muted">{k.personName}</span> : null}
                    <span className="clue-muted">
                      {k.origin === 'clue' ? '线索录入' : k.source}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无联系方式" />
          )}

          <h3 className="clue-section-title">跟进记录</h3>
          {canUpdate && c.status !== 2 && c.deleteTime === null ? (
            <FollowUpForm save={addFollowUp} />
          ) : null}
          {followList.length ? (
            <Timeline
              className="clue-timeline"
              items={followList.map((f) => ({
                key: f.id,
                content: (
                  <FollowUpEntry
                    channel={f.channel}
                    userName={f.userName}
                    time={dateTime(f.createTime)}
                    content={f.content}
                    nextFollowTime={f.nextFollowTime ? dateTime(f.nextFollowTime) : null}
                    mutedClassName="clue-muted"
                  />
                ),
              }))}
            />
          ) : follows.isLoading ? (
            <Spin size="small" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无跟进记录" />
          )}
          {followList.length > 0 && (follows.hasNextPage || followTotal > FOLLOW_PAGE) ? (
            <div className="clue-follow-more">
              <span className="clue-muted">
                已显示 {followList.length} / {followTotal} 条
              </span>
              {follows.hasNextPage ? (
                <Button
                  size="small"
                  loading={follows.isFetchingNextPage}
                  onClick={() => void follows.fetchNextPage()}
                >
                  加载更多
                </Button>
              ) : null}
            </div>
          ) : null}
          {follows.isFetchNextPageError ? (
            <Alert type="error" showIcon title={errorText(follows.error, '跟进记录加载失败')} />
          ) : null}
        </>
      )}
      <ConvertLeadModal
        open={convertOpen}
        lead={c ? { id: c.id, name: c.name } : null}
        onClose={() => setConvertOpen(false)}
        onDone={() => {
          setConvertOpen(false);
          void client.invalidateQueries({ queryKey: contractKey(getClue) });
          void client.invalidateQueries({ queryKey: NUM_KEY });
        }}
      />
    </Drawer>
  );
}

function uniqueById<T extends { id: number }>(list: T[]): T[] {
  const seen = new Set<number>();
  return list.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}
