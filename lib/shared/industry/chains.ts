/**
 * Industry chains (产业链) used by industry insights and enterprise chain tags. Each node lists the
 * GB/T 4754 classes whose companies sit on it; a company can be on several chains.
 */
export type ChainStage = '上游' | '中游' | '下游';

export type ChainNode = { name: string; stage: ChainStage; classes: readonly string[] };

export type IndustryChain = { code: string; name: string; nodes: readonly ChainNode[] };

export const INDUSTRY_CHAINS: readonly IndustryChain[] = [
  {
    code: 'CY001',
    name: '集成电路',
    nodes: [
      { name: '半导体设备', stage: '上游', classes: ['3562'] },
      { name: '电子专用材料', stage: '上游', classes: ['3985'] },
      { name: '芯片设计', stage: '中游', classes: ['6520'] },
      { name: '晶圆制造与封测', stage: '中游', classes: ['3973', '3972'] },
      { name: '电子元器件应用', stage: '下游', classes: ['3982', '3983', '3976'] },
    ],
  },
  {
    code: 'CY002',
    name: '新能源汽车',
    nodes: [
      { name: '动力电池', stage: '上游', classes: ['3841'] },
      { name: '汽车零部件', stage: '上游', classes: ['3670'] },
      { name: '整车制造', stage: '中游', classes: ['3612', '3611'] },
      { name: '充电设施', stage: '下游', classes: ['5267'] },
      { name: '汽车销售与服务', stage: '下游', classes: ['5261', '8111', '7111'] },
    ],
  },
  {
    code: 'CY003',
    name: '人工智能',
    nodes: [
      { name: '智能芯片', stage: '上游', classes: ['6520'] },
      { name: '数据服务', stage: '上游', classes: ['6450', '6550'] },
      { name: '算法与软件', stage: '中游', classes: ['6511', '6513'] },
      { name: '智能机器人', stage: '下游', classes: ['3491', '3964'] },
      { name: '智能无人飞行器', stage: '下游', classes: ['3963'] },
    ],
  },
  {
    code: 'CY004',
    name: '生物医药',
    nodes: [
      { name: '医学研究', stage: '上游', classes: ['7340', '7512'] },
      { name: '化学药与中药', stage: '中游', classes: ['2720', '2740'] },
      { name: '生物药', stage: '中游', classes: ['2761'] },
      { name: '医疗器械', stage: '中游', classes: ['3581', '3584', '2770'] },
      { name: '医药流通', stage: '下游', classes: ['5151', '5154', '5251'] },
    ],
  },
  {
    code: 'CY005',
    name: '新材料',
    nodes: [
      { name: '化工新材料', stage: '上游', classes: ['2641', '2669'] },
      { name: '电子材料', stage: '中游', classes: ['3985'] },
      { name: '新材料技术服务', stage: '下游', classes: ['7513'] },
    ],
  },
  {
    code: 'CY006',
    name: '软件和信息服务',
    nodes: [
      { name: '基础软件', stage: '上游', classes: ['6511'] },
      { name: '应用软件', stage: '中游', classes: ['6513'] },
      { name: '系统集成与物联网', stage: '中游', classes: ['6531', '6532'] },
      { name: '信息技术咨询与运维', stage: '下游', classes: ['6560', '6540'] },
      { name: '数字内容', stage: '下游', classes: ['6572'] },
    ],
  },
  {
    code: 'CY007',
    name: '智能制造装备',
    nodes: [
      { name: '传感器', stage: '上游', classes: ['3983'] },
      { name: '通用零部件', stage: '上游', classes: ['3484', '3453'] },
      { name: '工业控制', stage: '中游', classes: ['3914', '4011'] },
      { name: '工业机器人', stage: '中游', classes: ['3491'] },
      { name: '增材制造', stage: '下游', classes: ['3493'] },
    ],
  },
  {
    code: 'CY008',
    name: '光伏',
    nodes: [
      { name: '光伏设备及元器件', stage: '上游', classes: ['3825'] },
      { name: '光伏工程施工', stage: '中游', classes: ['4875'] },
      { name: '光伏发电', stage: '下游', classes: ['4416'] },
      { name: '新能源技术服务', stage: '下游', classes: ['7515'] },
    ],
  },
  {
    code: 'CY009',
    name: '现代物流',
    nodes: [
      { name: '道路货运与配送', stage: '上游', classes: ['5431', '5437'] },
      { name: '货运代理', stage: '中游', classes: ['5821'] },
      { name: '仓储', stage: '中游', classes: ['5920'] },
      { name: '快递', stage: '下游', classes: ['6020'] },
      { name: '供应链管理', stage: '下游', classes: ['7224'] },
    ],
  },
  {
    code: 'CY010',
    name: '数字文创',
    nodes: [
      { name: '创意设计', stage: '上游', classes: ['7492'] },
      { name: '动漫游戏', stage: '中游', classes: ['6572'] },
      { name: '影视制作', stage: '中游', classes: ['8730'] },
      { name: '广告传媒', stage: '下游', classes: ['7251', '7259'] },
      { name: '文化艺术服务', stage: '下游', classes: ['8890', '8810'] },
    ],
  },
  {
    code: 'CY011',
    name: '节能环保',
    nodes: [
      { name: '环保专用设备', stage: '上游', classes: ['3591'] },
      { name: '环保工程', stage: '中游', classes: ['4862'] },
      { name: '污染治理', stage: '中游', classes: ['7721', '7723'] },
      { name: '节能环保技术服务', stage: '下游', classes: ['7514', '7516'] },
      { name: '再生资源', stage: '下游', classes: ['5191'] },
    ],
  },
  {
    code: 'CY012',
    name: '现代农业与食品',
    nodes: [
      { name: '种植', stage: '上游', classes: ['0141', '0151', '0164'] },
      { name: '养殖', stage: '上游', classes: ['0313', '0321'] },
      { name: '食品加工', stage: '中游', classes: ['1419', '1469', '1492', '1530'] },
      { name: '食品流通', stage: '下游', classes: ['5129', '5127'] },
    ],
  },
];

const byCode = new Map(INDUSTRY_CHAINS.map((c) => [c.code, c]));

export function getIndustryChain(code: string): IndustryChain | undefined {
  return byCode.get(code);
}

/** Chain nodes a GB/T 4754 class belongs to. */
export function chainNodesForClass(classCode: string): { chain: IndustryChain; node: ChainNode }[] {
  const out: { chain: IndustryChain; node: ChainNode }[] = [];
  for (const chain of INDUSTRY_CHAINS)
    for (const node of chain.nodes) if (node.classes.includes(classCode)) out.push({ chain, node });
  return out;
}
