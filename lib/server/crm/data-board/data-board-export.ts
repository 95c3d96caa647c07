import 'server-only';
import type { DataBoard, DataBoardFilter } from '@/lib/shared/data-board/data-board.contract';
import { writeXlsx } from '../clue-io/spreadsheet';
import { boardOptions, dataBoard, type BoardActor } from './data-board.service';

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const yuan = (fen: number) => Math.round(fen) / 100;
const orDash = (v: number | null) => (v === null ? '—' : v);

const STAGE_TYPE_NAMES = { open: '进行中', won: '赢单', lost: '输单' } as const;

/**
 * The board as an .xlsx, one sheet per chart with the same figures as the board's tables (the
 * data comes from the one `dataBoard` call), and a first sheet naming the filters.
 */
export async function exportBoard(actor: BoardActor, f: DataBoardFilter): Promise<Buffer> {
  const board: DataBoard = await dataBoard(actor, f);
  const options = await boardOptions(actor);
  const deptNames = (f.deptIds ?? []).map(
    (id) => options.depts.find((d) => d.id === id)?.name ?? String(id),
  );
  const memberNames = (f.memberIds ?? []).map(
    (id) => options.members.find((m) => m.id === id)?.name ?? String(id),
  );
  const col = (header: string, width = 16) => ({ header, width });
  return writeXlsx(
    [
      { name: '筛选条件', columns: [col('项目'), col('内容', 48)] },
      {
        name: '转化漏斗',
        columns: [
          col('阶段'),
          col('数量'),
          col('较上一阶段转化率'),
          col('较线索转化率'),
          col('距上一阶段中位天数'),
        ],
      },
      {
        name: '新增线索与跟进',
        columns: [
          col(board.bucket === 'day' ? '日期' : '周（周一）'),
          col('新增线索'),
          col('跟进'),
        ],
      },
      { name: '按来源', columns: [col('来源'), col('新增线索'), col('转为客户'), col('转化率')] },
      {
        name: '按成员',
        columns: [
          col('成员'),
          col('部门'),
          col('新增线索'),
          col('跟进'),
          col('新增客户'),
          col('赢单数'),
          col('赢单金额（元）'),
        ],
      },
      { name: '按地区', columns: [col('省份'), col('新增线索')] },
      { name: '按行业', columns: [col('行业门类', 32), col('新增线索')] },
      {
        name: '商机阶段',
        columns: [
          col('阶段'),
          col('类型'),
          col('商机数'),
          col('金额（元）'),
          col('加权金额（元）'),
        ],
      },
    ],
    async (add) => {
      add(0, ['时间范围', `${board.from} 至 ${board.to}`]);
      add(0, ['部门', deptNames.join('、') || '全部（数据权限内）']);
      add(0, ['成员', memberNames.join('、') || '全部（数据权限内）']);
      add(0, ['统计口径', '商机阶段：进行中为当前数，赢单 / 输单为时间范围内结单']);
      for (const s of board.funnel)
        add(1, [
          s.name,
          s.count,
          pct(s.rateFromPrevious),
          pct(s.rateFromLeads),
          orDash(s.medianDays),
        ]);
      for (const b of board.trend) add(2, [b.start, b.leads, b.followUps]);
      for (const s of board.bySource) add(3, [s.source, s.leads, s.converted, pct(s.rate)]);
      for (const m of board.byMember)
        add(4, [
          m.name,
          m.deptName ?? '—',
          m.leads,
          m.followUps,
          m.customers,
          m.wonCount,
          yuan(m.wonAmount),
        ]);
      for (const r of board.byRegion) add(5, [r.name, r.leads]);
      for (const r of board.byIndustry) add(6, [r.name, r.leads]);
      for (const p of board.pipeline)
        add(7, [p.name, STAGE_TYPE_NAMES[p.type], p.count, yuan(p.amount), yuan(p.weightedAmount)]);
    },
  );
}
