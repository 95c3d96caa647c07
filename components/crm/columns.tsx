'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { Button, Space } from 'antd';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import type { ColumnType, SortOrder } from 'antd/es/table/interface';
import { dateTime } from '@/components/clue/shared';
import { DeleteConfirm } from './BulkBar';

/** A plain text column: the value, or — when there is none. */
export function textColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  width: number,
): ColumnType<T> {
  return { title, dataIndex, width, render: (v: string | null) => v ?? '—' };
}

type Named = { id: number; name: string; enterpriseId: number | null; creditCode: string | null };

/**
 * The name column of a CRM list, fixed on the left and sortable: the record's own link or button
 * (`main`), and 企业详情 under it when the record is linked to a company.
 */
export function nameColumn<T extends Named>({
  title,
  width,
  css,
  sortOrder,
  main,
}: {
  title: string;
  width: number;
  /** The list's class prefix: clue-two-line, clue-muted. */
  css: string;
  sortOrder: SortOrder;
  main: (row: T) => ReactNode;
}): ColumnType<T> {
  return {
    title,
    dataIndex: 'name',
    key: 'name',
    fixed: 'left',
    width,
    sorter: true,
    sortOrder,
    render: (_v: string, c) => (
      <div className={`${css}-two-line`}>
        {main(c)}
        {c.enterpriseId ? (
          <Link
            className={`${css}-muted`}
            href={companyDetailPath({ uncid: c.creditCode, name: c.name })}
          >
            企业详情
          </Link>
        ) : null}
      </div>
    ),
  };
}

type Timed = { lastFollowTime: number | null; createTime: number };

/** 最近跟进 and 创建时间 as every CRM list shows them: sortable, minutes in zh-cn order. */
export function followTimeColumns<T extends Timed>(
  sortOrderOf: (field: 'lastFollowTime' | 'createTime') => SortOrder,
): { lastFollowTime: ColumnType<T>; createTime: ColumnType<T> } {
  const column = (field: 'lastFollowTime' | 'createTime', title: string): ColumnType<T> => ({
    title,
    dataIndex: field,
    key: field,
    width: 150,
    sorter: true,
    sortOrder: sortOrderOf(field),
    render: dateTime,
  });
  return {
    lastFollowTime: column('lastFollowTime', '最近跟进'),
    createTime: column('createTime', '创建时间'),
  };
}

/**
 * The 操作 column of a CRM list: in the recycle bin 恢复 (for those who may delete); otherwise the
 * list's own actions, then 编辑 and 删除 (deleted rows go to the recycle bin).
 */
export function rowActionsColumn<T extends { id: number; name: string }>({
  list: { deleted, busy },
  width,
  can,
  on,
  before,
  after,
}: {
  /** The list's state (useCrmList): the recycle bin or not, and the action under way. */
  list: { deleted: boolean; busy: string | null };
  width: number;
  can: { update: boolean; delete: boolean };
  on: { restore: (row: T) => void; edit: (row: T) => void; delete: (ids: number[]) => void };
  /** Actions shown before 编辑 (e.g. 跟进). */
  before?: (row: T) => ReactNode;
  /** Actions shown between 编辑 and 删除 (e.g. 状态). */
  after?: (row: T) => ReactNode;
}): ColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: deleted ? 90 : width,
    render: (_v, row) =>
      deleted ? (
        can.delete ? (
          <Button
            type="link"
            size="small"
            loading={busy === `restore-${row.id}`}
            onClick={() => on.restore(row)}
          >
            恢复
          </Button>
        ) : null
      ) : (
        <Space size={0}>
          {before?.(row)}
          {can.update && (
            <Button type="link" size="small" onClick={() => on.edit(row)}>
              编辑
            </Button>
          )}
          {after?.(row)}
          {can.delete && (
            <DeleteConfirm
              row
              title={`确定删除「${row.name}」吗？`}
              description="删除后可在回收站恢复"
              loading={busy === `delete-${row.id}`}
              onConfirm={() => on.delete([row.id])}
            />
          )}
        </Space>
      ),
  };
}
