'use client';

import { memo, useCallback, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import dynamic from 'next/dynamic';
import { onDemand, useOpenedOnce } from '@/lib/client/on-demand';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Modal, Segmented, Space, Spin, Table, Tag } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EllipsisOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  deleteOpportunity,
  getFunnel,
  getPipeline,
  getPipelineStagePage,
  loseOpportunity,
  moveOpportunityStage,
  winOpportunity,
} from '@/lib/shared/opportunity/opportunity.endpoints';
import type {
  OpportunityFilter,
  OpportunityView,
} from '@/lib/shared/opportunity/opportunity.contract';
import {
  OPPORTUNITY_MESSAGES,
  PIPELINE_CARDS_DEFAULT,
} from '@/lib/shared/opportunity/opportunity.constants';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { errorCode, errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { FilterControls, memberFilter } from '@/components/crm/kit/FilterControls';
import { filterQuery, type FilterFields } from '@/components/crm/kit/list-query';
import { ReasonInput } from '@/components/crm/ReasonInput';
import { customerDetailPath, useMembers } from '@/components/customer/shared';
import {
  appendCards,
  boardFromPipeline,
  boardQueryKey,
  columnOf,
  hasMore,
  moveCard,
  type Board,
  type BoardColumn,
} from './board';
import { funnelBands, type FunnelInput } from './funnel';
import { formatYuan, formatYuanShort } from './money';
import { FUNNEL_KEY, OPPORTUNITY_PAGE_KEY, PIPELINE_KEY, STAGES_KEY } from './shared';
import './opportunity.css';
import { useFeedback } from '@/lib/client/feedback';

// ECharts only loads when the 漏斗 view is opened.
// The form and the stage settings load when first opened: the board's first load carries neither.
const loadForm = onDemand(() => import('./OpportunityFormModal'));
const OpportunityFormModal = dynamic(() => loadForm().then((m) => m.OpportunityFormModal), {
  ssr: false,
});
const loadStages = onDemand(() => import('./StageSettingsModal'));
const StageSettingsModal = dynamic(() => loadStages().then((m) => m.StageSettingsModal), {
  ssr: false,
});
const FunnelChart = dynamic(() => import('./FunnelChart').then((m) => m.FunnelChart), {
  ssr: false,
  loading: () => <Spin className="opp-funnel-loading" />,
});

type Column = BoardColumn<OpportunityView>;
type View = 'board' | 'funnel';
type Losing = { card: OpportunityView; toStageId: number | null } | null;

const DRAG_TYPE = 'application/x-leadradar-opportunity';

/** The board's filters (CRM kit): the keyword and the owners, each sent under its own name. */
type BoardFilters = { keyword: string; ownerUserIds: number[] };
const BOARD_FIELDS: FilterFields<BoardFilters> = { keyword: 'text', ownerUserIds: 'list' };

/**
 * 商机管理 (/customerManagement/opportunity, issue 15): the pipeline as a kanban and a funnel.
 * The page's server render puts the first answer (no filter) in the query cache, so the board
 * draws with the page; filters, moves and 加载更多 go through the API.
 */
export function OpportunityBoard() {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const canCreate = usePermission('szjk:opportunity:create');
  const canUpdate = usePermission('szjk:opportunity:update');
  const canDelete = usePermission('szjk:opportunity:delete');
  const canStage = usePermission('szjk:opportunity:stage');

  const [view, setView] = useState<View>('board');
  const [keywordInput, setKeywordInput] = useState('');
  const [filters, setFilters] = useState<BoardFilters>({ keyword: '', ownerUserIds: [] });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<OpportunityView | null>(null);
  const [stagesOpen, setStagesOpen] = useState(false);
  const formOpened = useOpenedOnce(formOpen);
  const stagesOpened = useOpenedOnce(stagesOpen);
  const [losing, setLosing] = useState<Losing>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState<number | null>(null);

  const members = useMembers();
  const filter = filterQuery(BOARD_FIELDS, filters) as OpportunityFilter;
  const boardKey = boardQueryKey(filter);
  const board = useQuery({
    queryKey: boardKey,
    queryFn: async (): Promise<Board> =>
      boardFromPipeline(
        await call(
          getPipeline,
          { body: { ...filter, cardLimit: PIPELINE_CARDS_DEFAULT } },
          { silent: true },
        ),
      ),
    enabled: view === 'board',
    retry: 0,
  });
  const funnel = useQuery({
    queryKey: [...FUNNEL_KEY, filter],
    queryFn: () => call(getFunnel, { body: filter }, { silent: true }),
    enabled: view === 'funnel',
    retry: 0,
  });

  // Cards get one stable callback, so a drag or a menu re-renders only the cards it touches.
  const actions = useRef<(kind: CardAction, card: OpportunityView, e?: DragEvent) => void>(
    () => undefined,
  );
  const onCardAction = useCallback(
    (kind: CardAction, card: OpportunityView, e?: DragEvent) => actions.current(kind, card, e),
    [],
  );
  const [menuFor, setMenuFor] = useState<number | null>(null);

  const stages = board.data?.stages ?? [];
  const stageById = new Map(stages.map((s) => [s.id, s]));
  const setBoard = (fn: (b: Board) => Board) =>
    client.setQueryData<Board>(boardKey, (b) => (b ? fn(b) : b));
  const refreshOthers = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: FUNNEL_KEY }),
      client.invalidateQueries({ queryKey: OPPORTUNITY_PAGE_KEY }),
    ]);

  /**
   * One move-stage request per drop: the card moves at once (counts and totals with it) and goes
   * back if the server refuses.
   */
  async function move(card: OpportunityView, toStageId: number, lostReason?: string) {
    const before = client.getQueryData<Board>(boardKey);
    const target = stageById.get(toStageId);
    if (!before || !target) return;
    const status = target.type;
    setBoard((b) => ({
      ...b,
      columns: moveCard(b.columns, card.id, toStageId, {
        stageName: target.name,
        status,
        lostReason: lostReason ?? null,
      }) as Column[],
    }));
    try {
      const fresh = await call(
        moveOpportunityStage,
        { body: { id: card.id, stageId: toStageId, lostReason: lostReason ?? null } },
        { silent: true },
      );
      setBoard((b) => ({
        ...b,
        columns: b.columns.map((c) =>
          c.stageId === toStageId
            ? { ...c, cards: c.cards.map((k) => (k.id === card.id ? fresh : k)) }
            : c,
        ),
      }));
      if (status === 'won') message.success(`「${card.name}」已赢单`);
      else if (status === 'lost') message.success(`「${card.name}」已输单`);
      void refreshOthers();
    } catch (err) {
      client.setQueryData(boardKey, before);
      message.error(errorText(err, '移动失败，已恢复'));
    }
  }

  function onDropTo(stageId: number, e: DragEvent) {
    e.preventDefault();
    setOver(null);
    setDragging(null);
    const id = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain'));
    const cols = client.getQueryData<Board>(boardKey)?.columns ?? [];
    const from = columnOf(cols, id);
    const card = from?.cards.find((k) => k.id === id);
    if (!card || from?.stageId === stageId) return;
    if (stageById.get(stageId)?.type === 'lost') setLosing({ card, toStageId: stageId });
    else void move(card, stageId);
  }

  async function win(card: OpportunityView) {
    const wonStage = stages.find((s) => s.type === 'won');
    if (wonStage) return move(card, wonStage.id);
    try {
      await call(winOpportunity, { body: { id: card.id } }, { silent: true });
      message.success(`「${card.name}」已赢单`);
    } catch (err) {
      message.error(errorText(err));
    }
    await client.invalidateQueries({ queryKey: PIPELINE_KEY });
  }

  async function lose(card: OpportunityView, reason: string, toStageId: number | null) {
    const lostStage = toStageId ?? stages.find((s) => s.type === 'lost')?.id ?? null;
    if (lostStage) return move(card, lostStage, reason);
    try {
      await call(loseOpportunity, { body: { id: card.id, lostReason: reason } }, { silent: true });
      message.success(`「${card.name}」已输单`);
    } catch (err) {
      message.error(errorText(err));
    }
    await client.invalidateQueries({ queryKey: PIPELINE_KEY });
  }

  async function remove(card: OpportunityView) {
    try {
      await call(deleteOpportunity, { query: { id: card.id } }, { silent: true });
      message.success('商机已删除');
    } catch (err) {
      message.error(errorText(err));
    }
    await Promise.all([client.invalidateQueries({ queryKey: PIPELINE_KEY }), refreshOthers()]);
  }

  async function loadMore(col: Column) {
    setLoadingMore(col.stageId);
    try {
      const more = await call(
        getPipelineStagePage,
        {
          body: {
            ...filter,
            stageId: col.stageId,
            pageNo: Math.floor(col.cards.length / PIPELINE_CARDS_DEFAULT) + 1,
            pageSize: PIPELINE_CARDS_DEFAULT,
          },
        },
        { silent: true },
      );
      setBoard((b) => ({
        ...b,
        columns: appendCards(b.columns, col.stageId, more.list) as Column[],
      }));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setLoadingMore(null);
    }
  }

  const handleCardAction = (kind: CardAction, card: OpportunityView, e?: DragEvent) => {
    if (kind === 'dragstart' && e) {
      e.dataTransfer.setData(DRAG_TYPE, String(card.id));
      e.dataTransfer.setData('text/plain', String(card.id));
      e.dataTransfer.effectAllowed = 'move';
      setDragging(card.id);
    } else if (kind === 'dragend') {
      setDragging(null);
      setOver(null);
    } else if (kind === 'menu') setMenuFor(card.id);
    else if (kind === 'menu-close') setMenuFor(null);
    else if (kind === 'edit') {
      setEditing(card);
      setFormOpen(true);
    } else if (kind === 'win') void win(card);
    else if (kind === 'lose') setLosing({ card, toStageId: null });
    else if (kind === 'delete')
      modal.confirm({
        title: `确定删除商机「${card.name}」吗？`,
        content: '删除后不能恢复',
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => remove(card),
      });
  };

  // The latest handler, for the cards' one stable callback.
  useLayoutEffect(() => {
    actions.current = handleCardAction;
  });

  const code = errorCode(view === 'board' ? board.error : funnel.error);
  if (code === 401) return <SignInRequired text="登录后可管理商机" />;
  if (code === 403)
    return (
      <StatusNotice status="403" title="当前操作没有权限" subTitle="请联系企业管理员开通商机权限" />
    );

  const columns = board.data?.columns ?? [];
  const openCols = columns.filter((c) => stageById.get(c.stageId)?.type === 'open');
  const openCount = openCols.reduce((n, c) => n + c.count, 0);
  const openAmount = openCols.reduce((n, c) => n + c.amount, 0);

  return (
    <div className="opp-page">
      <div className="opp-head">
        <h1 className="ent-page-title opp-title">商机管理</h1>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { label: '看板', value: 'board' },
            { label: '漏斗', value: 'funnel' },
          ]}
          aria-label="视图"
        />
        <span className="opp-grow" />
        <Space size={8} wrap>
          {canStage && (
            <Button icon={<SettingOutlined />} onClick={() => setStagesOpen(true)}>
              阶段设置
            </Button>
          )}
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              新建商机
            </Button>
          )}
        </Space>
      </div>

      <div className="opp-filters" role="search" aria-label="筛选商机">
        <FilterControls<BoardFilters>
          controls={[
            {
              kind: 'keyword',
              key: 'keyword',
              placeholder: '商机或客户名称',
              label: '搜索商机',
              width: 240,
            },
            memberFilter('ownerUserIds', '负责人', 200, {
              options: (members.data ?? []).map((m) => ({ label: m.nickname, value: m.id })),
              loading: members.isLoading,
            }),
          ]}
          filters={filters}
          setFilter={(key, value) => setFilters((f) => ({ ...f, [key]: value }))}
          keywordInput={keywordInput}
          setKeywordInput={setKeywordInput}
        />
        {view === 'board' && board.data ? (
          <span className="opp-summary" aria-label="进行中合计">
            进行中 <strong>{openCount}</strong> 个，合计 <strong>{formatYuan(openAmount)}</strong>
          </span>
        ) : null}
      </div>

      {view === 'funnel' ? (
        <FunnelView
          data={funnel.data}
          loading={funnel.isLoading}
          error={funnel.isError ? errorText(funnel.error, '漏斗加载失败') : null}
          onRetry={() => void funnel.refetch()}
        />
      ) : board.isError ? (
        <LoadErrorAlert
          title={errorText(board.error, '看板加载失败')}
          onRetry={() => board.refetch()}
        />
      ) : !board.data ? (
        <div className="opp-loading">
          <Spin />
        </div>
      ) : (
        <div className="opp-board" aria-label="销售看板">
          {columns.map((col) => {
            const stage = stageById.get(col.stageId);
            if (!stage) return null;
            return (
              <section
                key={col.stageId}
                className={`opp-column opp-column-${stage.type}${over === col.stageId ? ' opp-over' : ''}`}
                aria-label={`阶段 ${stage.name}`}
                data-stage-id={col.stageId}
                onDragOver={(e) => {
                  if (dragging === null || !canUpdate) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (over !== col.stageId) setOver(col.stageId);
                }}
                onDragLeave={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null);
                }}
                onDrop={(e) => onDropTo(col.stageId, e)}
              >
                <header className="opp-column-head">
                  <div className="opp-column-name">
                    <span>{stage.name}</span>
                    <span className="opp-count" aria-label="商机数">
                      {col.count}
                    </span>
                  </div>
                  <div className="opp-column-amount" title={formatYuan(col.amount)}>
                    {formatYuanShort(col.amount)}
                    {stage.type === 'open' ? (
                      <span className="opp-muted"> · {stage.probability}%</span>
                    ) : null}
                  </div>
                </header>
                <div className="opp-cards">
                  {col.cards.map((card) => (
                    <OpportunityCard
                      key={card.id}
                      card={card}
                      dragging={dragging === card.id}
                      menuOpen={menuFor === card.id}
                      canUpdate={canUpdate}
                      canDelete={canDelete}
                      onAction={onCardAction}
                    />
                  ))}
                  {col.count === 0 ? <div className="opp-empty">暂无商机</div> : null}
                  {hasMore(col) ? (
                    <Button
                      block
                      type="dashed"
                      size="small"
                      loading={loadingMore === col.stageId}
                      onClick={() => void loadMore(col)}
                    >
                      加载更多（还有 {col.count - col.cards.length} 个）
                    </Button>
                  ) : null}
                </div>
              </section>
            );
          })}
        </div>
      )}

      {formOpened ? (
        <OpportunityFormModal
          open={formOpen}
          opportunity={editing}
          onClose={() => setFormOpen(false)}
          onDone={() => {
            setFormOpen(false);
            void client.invalidateQueries({ queryKey: PIPELINE_KEY });
            void refreshOthers();
          }}
        />
      ) : null}
      {stagesOpened ? (
        <StageSettingsModal
          open={stagesOpen}
          onClose={() => {
            setStagesOpen(false);
            void client.invalidateQueries({ queryKey: STAGES_KEY });
          }}
        />
      ) : null}
      <LoseModal
        target={losing}
        onClose={() => setLosing(null)}
        onSubmit={(reason) => {
          const t = losing;
          setLosing(null);
          if (t) void lose(t.card, reason, t.toStageId);
        }}
      />
    </div>
  );
}

type CardAction =
  'dragstart' | 'dragend' | 'menu' | 'menu-close' | 'edit' | 'win' | 'lose' | 'delete';

type CardProps = {
  card: OpportunityView;
  dragging: boolean;
  /** The ··· menu is open: only then is an antd Dropdown mounted (120 cards stay light). */
  menuOpen: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onAction: (kind: CardAction, card: OpportunityView, e?: DragEvent) => void;
};

const OpportunityCard = memo(function OpportunityCard({
  card,
  dragging,
  menuOpen,
  canUpdate,
  canDelete,
  onAction,
}: CardProps) {
  const open = card.status === 'open';
  const more = (
    <button
      type="button"
      className="opp-icon-btn"
      aria-label={`${card.name} 更多操作`}
      onClick={() => onAction('menu', card)}
    >
      <EllipsisOutlined />
    </button>
  );
  return (
    <article
      className={`opp-card${dragging ? ' opp-dragging' : ''}`}
      draggable={canUpdate}
      onDragStart={(e) => onAction('dragstart', card, e)}
      onDragEnd={() => onAction('dragend', card)}
      aria-label={`商机 ${card.name}`}
      data-opportunity-id={card.id}
    >
      <div className="opp-card-top">
        <span className="opp-card-name" title={card.name}>
          {card.name}
        </span>
        {!(canUpdate || canDelete) ? null : menuOpen ? (
          <Dropdown
            open
            trigger={['click']}
            onOpenChange={(o) => !o && onAction('menu-close', card)}
            menu={{
              items: [
                ...(canUpdate ? [{ key: 'edit', label: '编辑' }] : []),
                ...(canUpdate && card.status !== 'won'
                  ? [{ key: 'win', label: '赢单', icon: <CheckCircleOutlined /> }]
                  : []),
                ...(canUpdate && card.status !== 'lost'
                  ? [{ key: 'lose', label: '输单', icon: <CloseCircleOutlined /> }]
                  : []),
                ...(canDelete ? [{ key: 'delete', label: '删除', danger: true }] : []),
              ],
              onClick: ({ key }) => {
                onAction('menu-close', card);
                onAction(key as CardAction, card);
              },
            }}
          >
            {more}
          </Dropdown>
        ) : (
          more
        )}
      </div>
      {/* No prefetch: a board shows up to 120 cards; the detail loads on click. */}
      <Link
        className="opp-card-customer"
        href={customerDetailPath(card.customerId)}
        prefetch={false}
      >
        {card.customerName}
      </Link>
      <div className="opp-card-amount">{formatYuan(card.amount)}</div>
      <div className="opp-card-meta">
        <span>{card.ownerUserName ?? '—'}</span>
        {card.expectedCloseDate ? <span>预计 {card.expectedCloseDate}</span> : null}
        {open ? <span>{card.probability}%</span> : null}
      </div>
      {card.status === 'lost' && card.lostReason ? (
        <div className="opp-card-reason" title={card.lostReason}>
          原因：{card.lostReason}
        </div>
      ) : null}
      {open && canUpdate ? (
        <div className="opp-card-actions">
          <button type="button" className="opp-link" onClick={() => onAction('win', card)}>
            赢单
          </button>
          <button
            type="button"
            className="opp-link opp-link-danger"
            onClick={() => onAction('lose', card)}
          >
            输单
          </button>
        </div>
      ) : null}
    </article>
  );
});

/** 输单 asks for a reason (the server refuses it without one). */
function LoseModal({
  target,
  onClose,
  onSubmit,
}: {
  target: Losing;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const reasons = useCodeGroup('lostReason');
  const [tried, setTried] = useState(false);
  const missing = !reason.trim();
  return (
    <Modal
      title={target ? `输单：${target.card.name}` : '输单'}
      open={target !== null}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      afterClose={() => {
        setReason('');
        setTried(false);
      }}
      onCancel={onClose}
      onOk={() => {
        setTried(true);
        if (!missing) onSubmit(reason.trim());
      }}
    >
      {reasons.options().length ? (
        <div className="opp-reason-picks" aria-label="常用输单原因" style={{ marginBottom: 8 }}>
          {reasons.options().map((o) => (
            <Tag.CheckableTag
              key={o.value}
              checked={reason.trim() === o.label}
              onChange={() => setReason(o.label)}
            >
              {o.label}
            </Tag.CheckableTag>
          ))}
        </div>
      ) : null}
      <ReasonInput
        label="输单原因"
        placeholder="输单原因，如：预算不足、选择了竞品"
        value={reason}
        onChange={setReason}
        error={tried && missing ? OPPORTUNITY_MESSAGES.lostReasonRequired : null}
      />
    </Modal>
  );
}

type FunnelData = FunnelInput & { stageId: number };

function FunnelView({
  data,
  loading,
  error,
  onRetry,
}: {
  data: FunnelData[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  if (error) return <LoadErrorAlert title={error} onRetry={onRetry} />;
  if (loading || !data)
    return (
      <div className="opp-loading">
        <Spin />
      </div>
    );
  const bands = funnelBands(data);
  if (!data.some((d) => d.count > 0))
    return <Empty description="暂无商机，新建商机或从线索转化后查看漏斗" />;
  return (
    <div className="opp-funnel">
      <div className="opp-funnel-chart" aria-label="销售漏斗">
        <FunnelChart bands={bands} />
        <div className="opp-muted opp-funnel-note">
          色带宽度为累计到达该阶段的商机数（含后续阶段与赢单，不含输单），文字为当前所在数。
        </div>
      </div>
      <Table<FunnelData>
        className="opp-funnel-table"
        rowKey="stageId"
        size="small"
        pagination={false}
        dataSource={data}
        columns={[
          {
            title: '阶段',
            dataIndex: 'name',
            render: (v: string, r) =>
              r.type === 'open' ? (
                v
              ) : (
                <Tag color={r.type === 'won' ? 'success' : 'default'}>{v}</Tag>
              ),
          },
          { title: '商机数', dataIndex: 'count', align: 'right', width: 90 },
          {
            title: '金额',
            dataIndex: 'amount',
            align: 'right',
            width: 160,
            render: (v: number) => formatYuan(v),
          },
        ]}
      />
    </div>
  );
}
