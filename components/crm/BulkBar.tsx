'use client';

import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import './crm.css';

/**
 * The bar over a list while rows are selected: 「已选 N 条线索」, the actions (each behind its
 * permission, given by the caller) and 取消选择.
 */
export function BulkBar({
  count,
  unit,
  onClear,
  children,
}: {
  count: number;
  /** What is counted, with its measure word: 「个客户」, 「条线索」. */
  unit: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div className="crm-bulk" role="toolbar" aria-label="批量操作">
      <span>
        已选 <strong>{count}</strong> {unit}
      </span>
      <Space size={8} wrap>
        {children}
        <Button size="small" type="link" onClick={onClear}>
          取消选择
        </Button>
      </Space>
    </div>
  );
}

/** 删除 behind a confirmation; `row` makes it the link-style button of a table row. */
export function DeleteConfirm({
  title,
  description,
  loading,
  row = false,
  onConfirm,
}: {
  title: string;
  description: string;
  loading: boolean;
  row?: boolean;
  /** A promise keeps the confirmation open, its 删除 spinning, until it settles. */
  onConfirm: () => void | Promise<unknown>;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={() => onConfirm()}
    >
      <Button type={row ? 'link' : undefined} size="small" danger loading={loading}>
        删除
      </Button>
    </Popconfirm>
  );
}
