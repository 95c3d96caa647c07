'use client';

import { useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Button,
  Collapse,
  InputNumber,
  Segmented,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call } from '@/lib/client/request';
import { getRegion } from '@/lib/shared/geo';
import {
  circleOutline,
  polygonProblem,
  viewPolygon,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  type LngLat,
  type MapShape,
} from '@/lib/shared/map/geo-shape';
import { mapPoints, mapRegionCounts, searchOnMap } from '@/lib/shared/map/map.endpoints';
import { POINTS_MAX_SPAN_DEG, type MapHit } from '@/lib/shared/map/map.contract';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { useBulkActions } from '@/components/enterprise/actions/useBulkActions';
import { ConditionEditor, newGroup } from '@/components/search/advanced/ConditionEditor';
import { useStaticConfig } from '@/components/search/advanced/useStaticConfig';
import type { MapTileLayer } from '@/lib/shared/map/map-tiles';
import type { MapBounds, MapOverlay } from '../ChinaMap';
import { MapRowContacts } from './MapRowContacts';
import { ParkRecommendations } from '../estate/ParkRecommendations';
import { useFeedback } from '@/lib/client/feedback';

// The map (ECharts and its boundaries) loads on this page only, after the frame.
const ChinaMap = dynamic(() => import('../ChinaMap'), {
  ssr: false,
  loading: () => <div style={{ height: 520 }} aria-busy="true" />,
});

type Mode = 'region' | 'view' | 'radius' | 'polygon';
const MODES: { label: string; value: Mode }[] = [
  { label: '按区域', value: 'region' },
  // The list follows the map: pan or zoom and it lists what the view shows.
  { label: '按视野', value: 'view' },
  { label: '画圆', value: 'radius' },
  { label: '画多边形', value: 'polygon' },
];
const PAGE_SIZE = 20;

/** The trail from China to a region: 全国 › 省 › 市. */
function trail(code: string): { code: string; name: string }[] {
  const out: { code: string; name: string }[] = [];
  for (
    let r = code ? getRegion(code) : undefined;
    r;
    r = r.parentCode ? getRegion(r.parentCode) : undefined
  )
    out.unshift({ code: r.code, name: r.name });
  return [{ code: '', name: '全国' }, ...out];
}

/**
 * 地图找客 (/customer-seeking/search-on-map, issue 30 item 3): a region picked on the map, a circle
 * (click the centre, set the kilometres) or a drawn polygon, with every advanced-search
 * condition; the list and the map are kept in step (hover a row, its point turns orange; hover
 * a point, its row is marked), and the chosen companies go to leads or to an .xlsx.
 */
export function SearchOnMap({
  initialRegion = '',
  tiles = null,
}: {
  initialRegion?: string;
  /** The configured base layer, if any (ADR 0202). */
  tiles?: MapTileLayer | null;
}) {
  const { message } = useFeedback();
  const config = useStaticConfig();
  const [mode, setMode] = useState<Mode>('region');
  const [regionCode, setRegionCode] = useState(getRegion(initialRegion) ? initialRegion : '');
  const [center, setCenter] = useState<LngLat | null>(null);
  const [radiusKm, setRadiusKm] = useState(3);
  const [ring, setRing] = useState<LngLat[]>([]);
  const [polygon, setPolygon] = useState<LngLat[] | null>(null);
  const [draft, setDraft] = useState<AdvancedSearchCondition>({
    logic: 'and',
    groups: [newGroup('industry')],
  });
  const [condition, setCondition] = useState<AdvancedSearchCondition>({ logic: 'and', groups: [] });
  const [bounds, setBounds] = useState<MapBounds | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [hovered, setHovered] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const bulk = useBulkActions('地图拓客');

  // The view as a polygon (按视野), or why it cannot be listed (zoomed out too far).
  const view = useMemo(() => (bounds ? viewPolygon(bounds) : null), [bounds]);
  const shape: MapShape | null = useMemo(() => {
    if (mode === 'view' && view && 'points' in view)
      return { kind: 'polygon', points: view.points };
    if (mode === 'radius' && center) return { kind: 'radius', center, radiusKm };
    if (mode === 'polygon' && polygon) return { kind: 'polygon', points: polygon };
    if (mode === 'region' && regionCode) return { kind: 'region', code: regionCode };
    return null;
  }, [mode, view, center, radiusKm, polygon, regionCode]);

  const counts = useQuery({
    queryKey: ['map-region-counts', regionCode, condition],
    queryFn: () => call(mapRegionCounts, { body: { parentCode: regionCode, ...condition } }),
    enabled: getRegion(regionCode)?.level !== 3,
    placeholderData: keepPreviousData,
  });
  const viewSmall =
    !!bounds &&
    bounds[2] - bounds[0] <= POINTS_MAX_SPAN_DEG &&
    bounds[3] - bounds[1] <= POINTS_MAX_SPAN_DEG;
  const points = useQuery({
    queryKey: ['map-points', bounds, shape, condition],
    queryFn: () =>
      call(
        mapPoints,
        { body: { bounds: bounds!, ...(shape ? { shape } : {}), ...condition } },
        { silent: true },
      ),
    enabled: viewSmall,
    placeholderData: keepPreviousData,
  });
  const list = useQuery({
    queryKey: ['map-search', shape, condition, pageNo],
    queryFn: () =>
      call(searchOnMap, { body: { shape: shape!, ...condition, pageNo, pageSize: PAGE_SIZE } }),
    enabled: !!shape,
    placeholderData: keepPreviousData,
  });

  // In 按视野 a new view is a new list: back to its first page (a pan is not a page turn).
  function onViewChange(b: MapBounds) {
    setBounds(b);
    if (mode === 'view') setPageNo(1);
  }

  const overlay: MapOverlay =
    mode === 'radius' && center
      ? { ring: circleOutline(center, radiusKm), closed: true }
      : mode === 'polygon' && (polygon ?? ring).length
        ? { ring: polygon ?? ring, closed: !!polygon }
        : null;

  function changeMode(m: Mode) {
    setMode(m);
    setPageNo(1);
    setSelected([]);
  }

  function onMapClick(at: LngLat) {
    setPageNo(1);
    if (mode === 'radius') setCenter(at);
    else if (mode === 'polygon') {
      if (polygon) {
        setPolygon(null);
        setRing([at]);
      } else setRing((r) => [...r, at]);
    }
  }

  function finishPolygon() {
    const problem = polygonProblem(ring);
    if (problem) {
      message.warning(problem);
      return;
    }
    setPolygon(ring);
    setPageNo(1);
  }

  const hits = shape ? (list.data?.list ?? []) : [];
  const columns: ColumnsType<MapHit> = [
    {
      title: '企业名称',
      key: 'name',
      width: 220,
      render: (_v, r) => (
        <Link href={companyDetailPath({ uncid: r.uncid, name: r.name })} target="_blank">
          {r.name}
        </Link>
      ),
    },
    // Distances are from a circle's centre: shown for circles only.
    ...(mode === 'radius'
      ? [
          {
            title: '距离',
            key: 'distance',
            width: 90,
            render: (_v: unknown, r: MapHit) =>
              r.distanceKm === null ? '-' : `${r.distanceKm.toFixed(2)} 公里`,
          },
        ]
      : []),
    {
      title: '所属地区',
      key: 'region',
      width: 140,
      render: (_v, r) => `${r.provinceName}${r.cityName === r.provinceName ? '' : r.cityName}`,
    },
    { title: '所属行业', dataIndex: 'industryName', width: 160, ellipsis: true },
    {
      title: '联系方式',
      key: 'contacts',
      width: 150,
      render: (_v, r) => (
        <MapRowContacts
          key={r.id}
          entId={r.id}
          name={r.name}
          phoneCount={r.phoneCount}
          emailCount={r.emailCount}
        />
      ),
    },
  ];

  const mapValues = (counts.data?.regions ?? []).map((r) => ({
    code: r.code,
    name: r.name,
    value: r.count,
  }));
  const hint =
    mode === 'radius'
      ? center
        ? `圆心 ${center[0].toFixed(4)}, ${center[1].toFixed(4)}，半径 ${radiusKm} 公里；再次点击地图可移动圆心`
        : '点击地图选择圆心'
      : mode === 'view'
        ? view && 'problem' in view
          ? view.problem
          : '列表随地图移动：拖动或缩放地图，列表显示当前视野内的企业'
        : mode === 'polygon'
          ? polygon
            ? '已按多边形查询；点击地图重新绘制'
            : `依次点击地图添加顶点（已 ${ring.length} 个），至少 3 个后点“完成绘制”`
          : regionCode
            ? '点击下级区域继续查看，或用上方路径返回'
            : '点击地图上的省份查看其城市与企业';

  return (
    <div className="map-search">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          options={MODES}
          value={mode}
          onChange={(v) => changeMode(v as Mode)}
          aria-label="查询方式"
        />
        <Breadcrumb
          items={trail(regionCode).map((t) => ({
            title: (
              <a
                onClick={(e) => {
                  e.preventDefault();
                  setRegionCode(t.code);
                  setPageNo(1);
                }}
                href="#"
              >
                {t.name}
              </a>
            ),
          }))}
        />
        {mode === 'radius' ? (
          <Space>
            半径
            <InputNumber
              aria-label="半径（公里）"
              min={RADIUS_MIN_KM}
              max={RADIUS_MAX_KM}
              step={1}
              value={radiusKm}
              onChange={(v) => {
                if (typeof v === 'number') setRadiusKm(v);
                setPageNo(1);
              }}
              addonAfter="公里"
              style={{ width: 140 }}
            />
          </Space>
        ) : null}
        {mode === 'polygon' ? (
          <Space>
            <Button type="primary" onClick={finishPolygon} disabled={!!polygon || ring.length < 3}>
              完成绘制
            </Button>
            <Button onClick={() => (setRing([]), setPolygon(null))}>清除</Button>
          </Space>
        ) : null}
        <ParkRecommendations />
      </Space>
      <Collapse
        size="small"
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'conditions',
            label: `高级条件${condition.groups.length ? `（已应用 ${condition.groups.reduce((n, g) => n + g.conditions.length, 0)} 个）` : ''}`,
            children: (
              <>
                <ConditionEditor value={draft} config={config.data} onChange={setDraft} />
                <Space style={{ marginTop: 8 }}>
                  <Button type="primary" onClick={() => (setCondition(draft), setPageNo(1))}>
                    应用条件
                  </Button>
                  <Button onClick={() => setCondition({ logic: 'and', groups: [] })}>
                    清空条件
                  </Button>
                </Space>
              </>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="map-hint">
        {hint}
      </Typography.Paragraph>
      <div className="map-search-body">
        <div className="map-search-map">
          <ChinaMap
            tiles={tiles}
            label="地图找客"
            regionCode={regionCode}
            values={mapValues}
            points={viewSmall ? (points.data?.clusters ?? []) : []}
            highlightId={hovered}
            overlay={overlay}
            onAreaClick={(code) => {
              setRegionCode(code);
              setPageNo(1);
            }}
            onMapClick={mode === 'radius' || mode === 'polygon' ? onMapClick : undefined}
            onPointHover={setHovered}
            onViewChange={onViewChange}
          />
        </div>
        <div className="map-search-list">
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong data-testid="map-total">
              {shape
                ? `共 ${list.data?.total ?? 0}${list.data?.totalCapped ? '+' : ''} 家企业`
                : mode === 'view'
                  ? '放大地图后显示视野内的企业'
                  : '请选择区域、画圆或画多边形'}
            </Typography.Text>
            <Button
              loading={bulk.busy === 'crm'}
              onClick={() => bulk.run('crm', selected)}
              disabled={!shape}
            >
              加入线索{selected.length ? `（${selected.length}）` : ''}
            </Button>
            <Button
              loading={bulk.busy === 'export'}
              onClick={() => bulk.run('export', selected)}
              disabled={!shape}
            >
              导出
            </Button>
          </Space>
          {list.data?.notice ? (
            <Alert type="info" showIcon message={list.data.notice} style={{ marginBottom: 8 }} />
          ) : null}
          <Table<MapHit>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={hits}
            loading={list.isFetching}
            scroll={{ x: 760 }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as number[]),
            }}
            rowClassName={(r) => (r.id === hovered ? 'map-row-hovered' : '')}
            onRow={(r) => ({
              onMouseEnter: () => setHovered(r.id),
              onMouseLeave: () => setHovered(null),
            })}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              // No range chosen (or a view too large to list): no pages left over from the last one.
              total: shape ? Math.min(list.data?.total ?? 0, list.data?.maxResults ?? 0) : 0,
              showSizeChanger: false,
              onChange: setPageNo,
            }}
            locale={{ emptyText: shape ? '该范围内没有符合条件的企业' : '请在地图上选择查询范围' }}
          />
          {list.data?.unplaced.total ? (
            <Alert
              type="warning"
              showIcon
              data-testid="map-unplaced"
              message={`另有 ${list.data.unplaced.total} 家企业缺少坐标，未在地图上显示`}
              description={list.data.unplaced.list.map((u) => u.name).join('、')}
              style={{ marginTop: 8 }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
