'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Segmented, Space, Table } from 'antd';
import { DeleteOutlined, DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import Link from 'next/link';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  bulkDeleteData,
  bulkRestoreData,
  dataRecordPage,
  exportAllData,
  getDataOverview,
  purgeData,
  updateDataSettings,
} from '@/lib/shared/data-management/data-management.endpoints';
import type { BulkResult, DataRecord } from '@/lib/shared/data-management/data-management.contract';
import {
  DATA_ENTITIES,
  DATA_ENTITY_NAMES,
  DATA_EXPORT_PERMISSION,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  type DataEntity,
} from '@/lib/shared/data-management/data-management.constants';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { errorText } from '@/components/employee/errors';
import './code-group.css';
import { useFeedback } from '@/lib/client/feedback';

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');
const OVERVIEW_KEY = contractKey(getDataOverview);
const RECORDS_KEY = contractKey(dataRecordPage);

/**
 * 数据管理 (ADR 0183): the tenant's data at a glance, one export of everything, bulk delete of
 * leads, customers and opportunities, and the recycle bin (restore, delete for good, retention).
 */
export function DataManagement() {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const canExport = usePermission(DATA_EXPORT_PERMISSION);
  const [entity, setEntity] = useState<DataEntity>('clue');
  const [bin, setBin] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<number[]>([]);
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const overview = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => call(getDataOverview, undefined, { silent: true }),
    retry: 0,
  });
  const query = { entity, deleted: bin, keyword: keyword || undefined, pageNo, pageSize };
  const records = useQuery({
    queryKey: [...RECORDS_KEY, query],
    queryFn: () => call(dataRecordPage, { body: query }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const refresh = async () => {
    setSelected([]);
    await Promise.all([
      client.invalidateQueries({ queryKey: OVERVIEW_KEY }),
      client.invalidateQueries({ queryKey: RECORDS_KEY }),
    ]);
  };

  async function act(run: () => Promise<BulkResult>, verb: string) {
    setBusy(true);
    try {
      const r = await run();
      const unit = DATA_ENTITY_NAMES[entity];
      if (r.failed.length === 0) message.success(`已${verb} ${r.done} 条${unit}`);
      else
        modal.warning({
          title: `已${verb} ${r.done} 条，${r.failed.length} 条未能${verb}`,
          content: (
            <ul className="dm-failed">
              {r.failed.map((f) => (
                <li key={f.id}>
                  「{f.name}」：{f.reason}
                </li>
              ))}
            </ul>
          ),
        });
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const body = { entity, ids: selected };
  const removeSelected = () =>
    modal.confirm({
      title: `删除选中的 ${selected.length} 条${DATA_ENTITY_NAMES[entity]}？`,
      content: `删除后移入回收站，保留 ${overview.data?.retentionDays ?? 30} 天，期间可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => act(() => call(bulkDeleteData, { body }, { silent: true }), '删除'),
    });
  const purgeSelected = () =>
    modal.confirm({
      title: `彻底删除选中的 ${selected.length} 条${DATA_ENTITY_NAMES[entity]}？`,
      content: '彻底删除后不能恢复。',
      okText: '彻底删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => act(() => call(purgeData, { body }, { silent: true }), '彻底删除'),
    });

  async function exportAll() {
    try {
      await call(exportAllData, undefined, { silent: true });
      message.success(
        <span>
          已开始导出，完成后可在 <Link href="/downloadList">下载中心</Link> 下载
        </span>,
      );
    } catch (err) {
      message.error(errorText(err));
    }
  }

  async function saveDays() {
    if (days === null) return;
    try {
      await call(updateDataSettings, { body: { retentionDays: days } }, { silent: true });
      message.success('保留天数已保存');
      setDays(null);
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    }
  }

  if (overview.error)
    return (
      <LoadErrorAlert title={errorText(overview.error)} onRetry={() => void overview.refetch()} />
    );

  const o = overview.data;
  return (
    <>
      <div className="dm-cards" aria-label="数据概况">
        {DATA_ENTITIES.map((e) => (
          <div className="dm-card" key={e}>
            <div className="dm-card-title">{DATA_ENTITY_NAMES[e]}</div>
            <div className="dm-card-num">{o ? o[e].live : '—'}</div>
            <div className="dm-card-sub">回收站 {o ? o[e].deleted : '—'} 条</div>
          </div>
        ))}
        <div className="dm-card">
          <div className="dm-card-title">跟进记录</div>
          <div className="dm-card-num">{o ? o.followUps : '—'}</div>
          <div className="dm-card-sub">线索与客户的跟进</div>
        </div>
      </div>

      <div className="dm-settings">
        {canExport ? (
          <Button icon={<DownloadOutlined />} onClick={() => void exportAll()}>
            导出全部数据
          </Button>
        ) : null}
        <span>回收站保留</span>
        <InputNumber
          aria-label="回收站保留天数"
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          precision={0}
          value={days ?? o?.retentionDays}
          onChange={(v) => setDays(typeof v === 'number' ? v : null)}
          style={{ width: 90 }}
        />
        <span>天，到期自动彻底删除</span>
        <Button
          disabled={days === null || days === o?.retentionDays}
          onClick={() => void saveDays()}
        >
          保存
        </Button>
      </div>

      <div className="dm-toolbar">
        <Segmented<string>
          value={bin ? 'bin' : 'live'}
          onChange={(v) => {
            setBin(v === 'bin');
            setSelected([]);
            setPageNo(1);
          }}
          options={[
            { label: '在用数据', value: 'live' },
            { label: '回收站', value: 'bin' },
          ]}
        />
        <Segmented<DataEntity>
          value={entity}
          onChange={(v) => {
            setEntity(v);
            setSelected([]);
            setPageNo(1);
          }}
          options={DATA_ENTITIES.map((e) => ({ label: DATA_ENTITY_NAMES[e], value: e }))}
        />
        <Input.Search
          allowClear
          placeholder="按名称搜索"
          aria-label="按名称搜索"
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
        />
        {bin ? (
          <Space wrap>
            <Button
              type="primary"
              icon={<UndoOutlined />}
              disabled={selected.length === 0}
              loading={busy}
              onClick={() =>
                void act(() => call(bulkRestoreData, { body }, { silent: true }), '恢复')
              }
            >
              恢复
            </Button>
            <Button danger disabled={selected.length === 0} onClick={purgeSelected}>
              彻底删除
            </Button>
          </Space>
        ) : (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={busy}
            onClick={removeSelected}
          >
            批量删除
          </Button>
        )}
      </div>

      {records.error ? (
        <LoadErrorAlert title={errorText(records.error)} onRetry={() => void records.refetch()} />
      ) : (
        <Table<DataRecord>
          rowKey="id"
          size="middle"
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          scroll={{ x: bin ? 860 : 560 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
          }}
          pagination={{
            current: pageNo,
            pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (p, s) => {
              setPageNo(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '名称', dataIndex: 'name', width: 220, ellipsis: true },
            {
              title: entity === 'clue' ? '跟进人' : '负责人',
              dataIndex: 'ownerName',
              width: 100,
              render: (v: string | null) => v ?? '—',
            },
            { title: '创建时间', dataIndex: 'createTime', width: 150, render: time },
            ...(bin
              ? [
                  { title: '删除时间', dataIndex: 'deleteTime', width: 150, render: time },
                  {
                    title: '删除人',
                    dataIndex: 'deletedByName',
                    width: 100,
                    render: (v: string | null) => v ?? '—',
                  },
                  { title: '到期清理', dataIndex: 'purgeTime', width: 150, render: time },
                ]
              : []),
          ]}
        />
      )}
    </>
  );
}
