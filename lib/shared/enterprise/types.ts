/**
 * Shapes of the company detail page (header, contacts, tabs, graphs), shared by the API root, the
 * server components and the client. Dates are 'YYYY-MM-DD' strings, times ISO strings.
 */
import type { ContactType } from './mask';

export type CodeName = { code: string; name: string };

export type EnterpriseRef = {
  /** Internal id (the page's `pid`). */
  id?: number | null;
  /** Unified social credit code. */
  uncid?: string | null;
  /** Exact current name (the page's `company_name`). */
  name?: string | null;
};

export type IndustryLevels = {
  section: CodeName | null;
  division: CodeName | null;
  group: CodeName | null;
  class: CodeName | null;
};

/** Company header: everything above the tabs. */
export type EnterpriseHeader = {
  id: number;
  name: string;
  uncid: string;
  regNo: string | null;
  orgType: string;
  /** 存续 / 在业 / 迁出 / 吊销 / 注销 */
  status: string;
  tags: string[];
  legalPerson: string;
  /** In 万 of regCapitalCurrency. */
  regCapital: number | null;
  regCapitalCurrency: string;
  /** "1000万人民币"; '' when unknown. */
  regCapitalText: string;
  establishDate: string | null;
  address: string | null;
  province: CodeName | null;
  city: CodeName | null;
  district: CodeName | null;
  /** 福建省厦门市思明区 */
  regionName: string;
  industry: IndustryLevels;
  /** Name of the deepest known industry level. */
  industryName: string;
  staffSize: string | null;
  insuredCount: number | null;
  website: string | null;
  listed: boolean;
  listingInfo: Record<string, unknown> | null;
  formerNames: string[];
  brandWords: string[];
  lng: number | null;
  lat: number | null;
  phoneCount: number;
  emailCount: number;
  updateTime: string;
};

/** 工商信息 tab: the header plus the registration record. */
export type EnterpriseRegistration = EnterpriseHeader & {
  paidCapital: number | null;
  paidCapitalText: string;
  approvalDate: string | null;
  termStart: string | null;
  termEnd: string | null;
  regAuthority: string | null;
  businessScope: string | null;
};

/** A phone or e-mail. `masked` true: value is masked and personName/position are withheld. */
export type ContactItem = {
  id: number;
  type: ContactType;
  value: string;
  masked: boolean;
  personName: string | null;
  position: string | null;
  /** Where it was found: 年报, 官网, 招聘, ... */
  source: string;
};

export type ContactSummary = {
  entId: number;
  /** The caller's tenant has unlocked this company. */
  unlocked: boolean;
  unlockTime: string | null;
  total: number;
  phoneCount: number;
  mobileCount: number;
  emailCount: number;
  list: ContactItem[];
};

/** Row counts of the detail tabs (tab badges). */
export type EnterpriseTabCounts = {
  shareholders: number;
  people: number;
  changes: number;
  investments: number;
  branches: number;
  financing: number;
  honors: number;
  chains: number;
  annualReports: number;
};

export type EnterpriseDetail = {
  header: EnterpriseHeader;
  contacts: ContactSummary;
  counts: EnterpriseTabCounts;
};

export type ShareholderRow = {
  id: number;
  holderType: 'person' | 'company';
  holderName: string;
  holderEnterpriseId: number | null;
  holderUncid: string | null;
  /** Percent, 0-100. */
  ratio: number | null;
  /** 万元 */
  subscribedAmount: number | null;
  subscribedDate: string | null;
};

export type PersonRow = {
  id: number;
  name: string;
  roles: string[];
  /** Other companies where the same name holds a role (see the relationship service's rule). */
  relatedCount: number;
};

export type ChangeRow = {
  id: number;
  changeDate: string;
  item: string;
  before: string | null;
  after: string | null;
};

export type InvestmentRow = {
  id: number;
  investeeEnterpriseId: number | null;
  investeeName: string;
  investeeUncid: string | null;
  investeeStatus: string | null;
  investeeLegalPerson: string | null;
  investeeEstablishDate: string | null;
  ratio: number | null;
  amount: number | null;
  investDate: string | null;
};

export type BranchRow = {
  id: number;
  branchEnterpriseId: number | null;
  name: string;
  uncid: string | null;
  principal: string | null;
  regionCode: string | null;
  regionName: string;
  establishDate: string | null;
  status: string | null;
};

export type FinancingRow = {
  id: number;
  round: string;
  financingDate: string;
  amount: string | null;
  investors: string[];
};

export type HonorRow = {
  id: number;
  name: string;
  /** 国家级 / 省级 / 市级 */
  level: string;
  year: number;
  issuer: string | null;
};

export type ChainRow = {
  chainCode: string;
  chainName: string;
  nodeName: string;
  /** 上游 / 中游 / 下游 when the chain is in the bundled chain table. */
  stage: string | null;
};

export type AnnualReportRow = {
  id: number;
  year: number;
  publishedAt: string | null;
  /** Published figures; contacts inside are masked unless unlocked. */
  data: Record<string, unknown>;
};

export type AnnualReportsResult = {
  /** Every published year, newest first. */
  years: number[];
  /** The requested year's report (newest when no year was given); null when none. */
  report: AnnualReportRow | null;
};

/** 企业动态: recent changes, financing and honours merged by date, newest first. */
export type RecentEvent = {
  kind: 'change' | 'financing' | 'honor';
  date: string;
  title: string;
  content: string;
};

/** 经营信息 summary. */
export type ManageInfo = {
  entId: number;
  entName: string;
  staffSize: string | null;
  insuredCount: number | null;
  listed: boolean;
  listingInfo: Record<string, unknown> | null;
  tags: string[];
  latestAnnualReport: AnnualReportRow | null;
  latestFinancing: FinancingRow | null;
  financingCount: number;
  honorCount: number;
  chains: ChainRow[];
};

// ---------------------------------------------------------------------------------------------
// Graphs (ECharts-ready)

export type GraphNodeKind = 'company' | 'person';

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

export type GraphNode = {
  /** 'e:<entId>' for known companies, 'n:<name>' for unregistered ones, 'p:<name>' for people. */
  id: string;
  name: string;
  category: number;
  kind: GraphNodeKind;
  entId: number | null;
  uncid: string | null;
  isCenter: boolean;
  /** The expand endpoints can load a further ring around this node. */
  expandable: boolean;
  symbolSize: number;
};

export type GraphLink = {
  source: string;
  target: string;
  /** 法定代表人 / 持股 51% / 董事 / 投资 / 分支机构 ... */
  label: string;
  /** Percent where the link is a shareholding. */
  value: number | null;
};

export type GraphData = {
  centerId: string;
  nodes: GraphNode[];
  links: GraphLink[];
  categories: { name: string }[];
  /** Some relations were left out to keep the graph small. */
  truncated: boolean;
};

/** Equity penetration tree (ECharts tree series: name/value/children). */
export type EquityTreeNode = {
  id: string;
  name: string;
  kind: GraphNodeKind;
  entId: number | null;
  uncid: string | null;
  /** Percent held (upward: of the child; downward: held by the parent). */
  ratio: number | null;
  /** ECharts value = ratio. */
  value: number | null;
  amount: number | null;
  depth: number;
  /** More levels exist below the depth limit or beyond the per-level cap. */
  hasMore: boolean;
  children: EquityTreeNode[];
};

export type ControlPathStep = {
  name: string;
  kind: GraphNodeKind;
  entId: number | null;
  /** Percent this step holds in the step before it. */
  ratio: number;
};

export type ActualController = {
  entId: number;
  entName: string;
  /** Null when no shareholders are known. */
  controller: { name: string; kind: GraphNodeKind; entId: number | null } | null;
  /** Product of the ratios along the path, percent. */
  cumulativeRatio: number | null;
  /** From the company's largest shareholder up to the controller. */
  path: ControlPathStep[];
  graph: GraphData;
};

/** Tenant-specific flags for one company (get-enterprise-state). */
export type EnterpriseState = {
  entId: number;
  unlocked: boolean;
  favorite: boolean;
  inCrm: boolean;
  clueId: number | null;
};
