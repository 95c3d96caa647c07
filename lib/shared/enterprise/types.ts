/**
 * Shapes of the company detail page (header, contacts, tabs, graphs), shared by the API root, the
 * server components and the client. They are described once, as zod schemas, in
 * ./enterprise.contract.ts; this module keeps the names its importers know.
 */
export type {
  ActualController,
  AnnualReportRow,
  AnnualReportsResult,
  BranchRow,
  ChainRow,
  ChangeRow,
  CodeName,
  ContactItem,
  ContactSummary,
  ControlPathStep,
  EnterpriseDetail,
  EnterpriseHeader,
  EnterpriseRegistration,
  EnterpriseState,
  EnterpriseTabCounts,
  EquityTreeNode,
  FinancingRow,
  GraphData,
  GraphLink,
  GraphNode,
  GraphNodeKind,
  HonorRow,
  IndustryLevels,
  InvestmentRow,
  ManageInfo,
  PersonRow,
  RecentEvent,
  ShareholderRow,
} from './enterprise.contract';

export type EnterpriseRef = {
  /** Internal id (the page's `pid`). */
  id?: number | null;
  /** Unified social credit code. */
  uncid?: string | null;
  /** Exact current name (the page's `company_name`). */
  name?: string | null;
};

/** Category index = position in GRAPH_CATEGORIES. */
export const GRAPH_CATEGORIES = [
  '企业',
  '法定代表人',
  '股东',
  '主要人员',
  '对外投资',
  '分支机构',
  '关联企业',
  '关联人员',
  '实际控制人',
] as const;

export type GraphCategoryName = (typeof GRAPH_CATEGORIES)[number];
