'use client';

import { Button, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { VipMark, VipTip, useVipOnly } from '@/components/vip/VipMark';
import { useBulkActions } from '../actions/useBulkActions';

/**
 * The bulk bar of the company lists (已解锁企业, 我的收藏): the selection count, 加入线索 and
 * 导出 Excel (marked VIP before the click where the edition has no export, issue 28 item 7).
 */
export function EnterpriseBulkBar({
  source,
  selected,
  onDone,
}: {
  source: string;
  selected: number[];
  /** After an action ran (the list may reload: added companies leave 客户推荐). */
  onDone?: (action: 'crm' | 'export') => void;
}) {
  const { busy, run } = useBulkActions(source);
  const exportVip = useVipOnly('export');
  return (
    <Space wrap data-testid="enterprise-bulk-bar">
      <span className="ent-muted">已选 {selected.length} 家</span>
      <Button
        icon={<PlusOutlined />}
        disabled={!selected.length}
        loading={busy === 'crm'}
        onClick={() => run('crm', selected).then(() => onDone?.('crm'))}
      >
        加入线索
      </Button>
      <VipTip reason={exportVip}>
        <Button
          icon={<DownloadOutlined />}
          disabled={!selected.length}
          loading={busy === 'export'}
          onClick={() => run('export', selected)}
        >
          导出 Excel
          <VipMark reason={exportVip} />
        </Button>
      </VipTip>
    </Space>
  );
}
