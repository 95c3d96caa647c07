import type { ColumnType } from 'antd/es/table';
import { formatCapital } from '@/lib/shared/enterprise/format';

type WithCapital = { regCapital: number | null; regCapitalCurrency?: string | null };
type WithEstablishDate = { establishDate: string | null };

/** 注册资本 of a company row, with its currency (人民币 when the row has none); '-' when unknown. */
export function capitalColumn<T extends WithCapital>(
  extra: Partial<ColumnType<T>> = {},
): ColumnType<T> {
  return {
    title: '注册资本',
    key: 'capital',
    render: (_v, r) => formatCapital(r.regCapital, r.regCapitalCurrency ?? undefined) || '-',
    ...extra,
  };
}

/** 成立日期 of a company row; '-' when unknown. */
export function establishDateColumn<T extends WithEstablishDate>(
  extra: Partial<ColumnType<T>> = {},
): ColumnType<T> {
  return {
    title: '成立日期',
    dataIndex: 'establishDate',
    width: 110,
    render: (v: string | null) => v ?? '-',
    ...extra,
  };
}
