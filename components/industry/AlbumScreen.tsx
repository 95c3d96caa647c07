'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { call, contractKey, download } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { industryListExport, industryListPage } from '@/lib/shared/industry/industry.endpoints';
import {
  ALBUM_KIND_LABEL,
  LIST_PAGE_SIZE_DEFAULT,
  listHref,
  memberCountText,
  type Album,
  type ListRow,
  type ListSummary,
} from '@/lib/shared/industry/lists';
import { useFeedback } from '@/lib/client/feedback';

/** What a member chose on one list of the album: kept while the album is kept alive. */
type ListView = { province?: string; section?: string; pageNo: number; pageSize: number };

const FIRST_PAGE: ListView = { pageNo: 1, pageSize: LIST_PAGE_SIZE_DEFAULT };

const COLUMNS: ColumnsType<ListRow> = [
  { title: '排名', dataIndex: 'rank', width: 64 },
  {
    title: '企业名称',
    dataIndex: 'name',
    render: (name: string, r) => (
      <a href={companyCanonicalPath(r.uncid)} target="_blank" rel="noreferrer">
        {name}
      </a>
    ),
  },
  { title: '法定代表人', dataIndex: 'legalPerson', responsive: ['md'] },
  capitalColumn(),
  establishDateColumn({ width: undefined, responsive: ['md'] }),
  { title: '地区', dataIndex: 'regionName', responsive: ['lg'] },
  { title: '行业', dataIndex: 'industryName', responsive: ['lg'] },
];

/** One list of the album: filters, counts, the members table and export. */
function AlbumList({
  list,
  view,
  onView,
}: {
  list: ListSummary;
  view: ListView;
  onView: (v: ListView) => void;
}) {
  const { message } = useFeedback();
  const canExport = usePermission('szjk:enterprise:export');
  const [exporting, setExporting] = useState(false);
  const query = { slug: list.slug, ...view };
  const page = useQuery({
    queryKey: contractKey(industryListPage, { query }),
    queryFn: ({ signal }) => call(industryListPage, { query }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const data = page.data;
  const filter = { slug: list.slug, province: view.province, section: view.section };
  const exportList = async () => {
    setExporting(true);
    try {
      await download(industryListExport, { body: filter }, { silent: true });
      message.success('已导出，文件也保存在下载中心');
    } catch (err) {
      message.error(errorText(err, '导出失败'));
    } finally {
      setExporting(false);
    }
  };
  if (page.error && !data)
    return (
      <LoadErrorAlert
        title={errorText(page.error, '榜单加载失败')}
        onRetry={() => page.refetch()}
      />
    );
  return (
    <div className="il-album-list" data-testid={`album-list-${list.slug}`}>
      <p className="ent-muted">
        {list.description} 入榜规则：{list.definition}
      </p>
      <div className="il-album-bar">
        <Select
          allowClear
          placeholder="全部地区"
          aria-label="地区"
          data-testid="album-province"
          style={{ minWidth: 160 }}
          value={view.province}
          options={(data?.facets.province ?? []).map((f) => ({
            value: f.key,
            label: `${f.label}（${f.count}）`,
          }))}
          onChange={(v?: string) => onView({ ...view, province: v, pageNo: 1 })}
        />
        <Select
          allowClear
          placeholder="全部行业"
          aria-label="行业"
          data-testid="album-section"
          style={{ minWidth: 200 }}
          value={view.section}
          options={(data?.facets.section ?? []).map((f) => ({
            value: f.key,
            label: `${f.label}（${f.count}）`,
          }))}
          onChange={(v?: string) => onView({ ...view, section: v, pageNo: 1 })}
        />
        <span className="il-album-total" data-testid="album-total">
          共 {data?.total ?? '…'} 家
        </span>
        {canExport ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data?.total}
            onClick={() => void exportList()}
            data-testid="album-export"
          >
            导出
          </Button>
        ) : null}
        <a href={listHref.list(list.slug)} target="_blank" rel="noreferrer">
          公开榜单页
        </a>
      </div>
      {data?.notice ? <p className="il-notice">{data.notice}</p> : null}
      <Table<ListRow>
        rowKey="rank"
        size="middle"
        columns={COLUMNS}
        dataSource={data?.rows ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                view.province || view.section
                  ? '没有符合筛选条件的企业'
                  : '该榜单暂无符合条件的企业'
              }
            />
          ),
        }}
        pagination={{
          current: view.pageNo,
          pageSize: view.pageSize,
          total: Math.min(data?.total ?? 0, data?.maxResults ?? 0),
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (pageNo, pageSize) =>
            onView({ ...view, pageNo: pageSize === view.pageSize ? pageNo : 1, pageSize }),
        }}
      />
    </div>
  );
}

/**
 * What each album was left with in this browser tab (the list shown, each list's filters and
 * page), by album. The workspace's keep-alive keeps a page's box mounted, but Next's router renders
 * the current route's segment inside it, so the album's own component does not survive a visit
 * elsewhere; its state lives here instead and is there on return (spec 2.2).
 */
const leftAs = new Map<string, { active: string; views: Record<string, ListView> }>();

/** /industryAlbum/{kind}/{album}: the album's lists as tabs, each as it was left. */
export function AlbumScreen({ album }: { album: Album }) {
  const key = `${album.kind}/${album.slug}`;
  const [state, setState] = useState(
    () => leftAs.get(key) ?? { active: album.lists[0]?.slug ?? '', views: {} },
  );
  const update = (next: typeof state) => {
    leftAs.set(key, next);
    setState(next);
  };
  const { active, views } = state;
  const setActive = (slug: string) => update({ ...state, active: slug });
  return (
    <div className="ent-page il-album" data-testid="album-screen">
      <section className="ent-card">
        <p className="ent-muted il-album-kind">{ALBUM_KIND_LABEL[album.kind]}</p>
        <h1 className="ct-title">{album.name}</h1>
        <p className="ent-muted">{album.description}</p>
      </section>
      <section className="ent-card">
        {album.lists.length === 0 ? (
          <Empty description="该专辑暂无榜单" />
        ) : (
          <Tabs
            activeKey={active}
            onChange={setActive}
            items={album.lists.map((l) => ({
              key: l.slug,
              label: (
                <span>
                  {l.name} <Tag>{memberCountText(l)}</Tag>
                </span>
              ),
              children: (
                <AlbumList
                  list={l}
                  view={views[l.slug] ?? FIRST_PAGE}
                  onView={(v) => update({ ...state, views: { ...views, [l.slug]: v } })}
                />
              ),
            }))}
          />
        )}
      </section>
    </div>
  );
}
