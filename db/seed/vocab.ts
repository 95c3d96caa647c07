/** Word lists for the demo corpus. Everything generated from these is fictional. */
import { FINANCE_ROUNDS } from '../../lib/shared/finance/finance';

function parsePinyin(text: string): [string, string][] {
  return text
    .trim()
    .split(/\s+/)
    .map((token) => [token[0], token.slice(1)] as [string, string]);
}

/** Characters used in 字号 (trade names), with pinyin for web and mail domains. */
export const BRAND_CHARS: readonly [string, string][] = parsePinyin(`
锐rui 通tong 华hua 鑫xin 恒heng 达da 信xin 诚cheng 泰tai 盛sheng 宏hong 博bo 创chuang 智zhi 联lian
德de 源yuan 汇hui 丰feng 嘉jia 瑞rui 祥xiang 金jin 天tian 海hai 星xing 辰chen 云yun 峰feng 鼎ding
昊hao 腾teng 飞fei 凯kai 启qi 明ming 光guang 中zhong 新xin 远yuan 航hang 安an 康kang 健jian 美mei
佳jia 优you 卓zhuo 越yue 精jing 科ke 迅xun 捷jie 易yi 立li 方fang 正zheng 和he 合he 众zhong
兴xing 旺wang 昌chang 隆long 福fu 富fu 宝bao 龙long 凤feng 麒qi 麟lin 鹏peng 翔xiang 宇yu 乾qian
坤kun 晨chen 曦xi 朗lang 清qing 澜lan 泽ze 润run 沃wo 禾he 青qing 蓝lan 橙cheng 紫zi 银yin
铭ming 铂bo 钧jun 锦jin 雅ya 致zhi 悦yue 欣xin 乐le 尚shang 品pin 匠jiang 领ling 先xian 锋feng
拓tuo 展zhan 驰chi 骏jun 奥ao 维wei 迪di 睿rui 思si 哲zhe 慧hui 聚ju 力li 能neng 动dong 赛sai
速su 讯xun 数shu 芯xin 微wei 弘hong 毅yi 勤qin 朴pu 真zhen 善shan 仁ren 道dao 本ben 元yuan 初chu
树shu 森sen 林lin 山shan 川chuan 江jiang 湖hu 洋yang 岳yue 岩yan 石shi 晶jing 玉yu 琪qi 璟jing
瑾jin 璞pu 禧xi 臻zhen 骐qi 途tu 舟zhou 帆fan 桥qiao 港gang 湾wan 洲zhou 邦bang 汉han 唐tang
京jing 图tu 永yong 长chang 久jiu 万wan 千qian 百bai 一yi 东dong 西xi 南nan 北bei 尚shang 易yi
力li 威wei 雄xiong 强qiang 伟wei 豪hao 杰jie 俊jun 英ying 卓zhuo 群qun 友you 朋peng 益yi 惠hui
顺shun 利li 亨heng 通tong 达da 诺nuo 承cheng 守shou 信xin 实shi 励li 志zhi 远yuan 扬yang 帆fan
华hua 夏xia 阳yang 春chun 秋qiu 冬dong 松song 柏bai 竹zhu 梅mei 兰lan 菊ju 荷he 莲lian 桐tong
枫feng 楠nan 桦hua 彩cai 虹hong 霖lin 雨yu 露lu 霞xia 雪xue 冰bing 火huo 木mu 土tu 水shui
`).filter((entry, i, all) => all.findIndex((e) => e[0] === entry[0]) === i);

/** Surnames, most common first (the generator favours the head of the list). */
export const SURNAMES: readonly string[] =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );

export const GIVEN_CHARS: readonly string[] =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红建文辉鹏飞斌宇浩凯健俊帆帅旭宁龙林欣晨琳婷雪颖倩鑫波峰亮成志海东晓丹阳佳雨思梓子轩涵睿博家彬国庆春梅兰丰荣蓉巍嘉慧瑶琦怡悦君卫新民永利福'.split(
    '',
  );

export const ROADS: readonly string[] = [
  '人民路',
  '中山路',
  '解放路',
  '建设路',
  '和平路',
  '新华路',
  '长江路',
  '黄河路',
  '科技路',
  '创业路',
  '软件园路',
  '高新大道',
  '滨海大道',
  '环城北路',
  '环城南路',
  '工业路',
  '学府路',
  '文化路',
  '金融街',
  '世纪大道',
  '友谊路',
  '光明路',
  '胜利路',
  '朝阳路',
  '迎宾大道',
  '湖滨路',
  '江滨路',
  '民主路',
  '团结路',
  '振兴路',
  '发展大道',
  '开元路',
  '东风路',
  '青年路',
  '健康路',
  '幸福路',
  '花园路',
  '府前路',
  '站前路',
  '机场路',
  '科创路',
  '创新路',
  '智慧路',
  '信息路',
  '产业园路',
  '商贸路',
  '物流大道',
  '港口路',
  '航空路',
  '经济开发区大道',
];

export const BUILDING_WORDS: readonly string[] = [
  '大厦',
  '中心',
  '广场',
  '科技园',
  '创业园',
  '商务楼',
  '写字楼',
  '产业园',
];

export const POSITIONS: readonly string[] = [
  '总经理',
  '销售经理',
  '市场部经理',
  '采购经理',
  '财务负责人',
  '行政主管',
  '人事经理',
  '技术总监',
  '客服主管',
  '商务经理',
];

export const CONTACT_SOURCES: readonly (readonly [string, number])[] = [
  ['年报', 40],
  ['官网', 15],
  ['招聘', 15],
  ['工商登记', 10],
  ['企业黄页', 8],
  ['展会', 4],
  ['电商平台', 4],
  ['招投标', 4],
];

export const MOBILE_PREFIXES: readonly string[] = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '175',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];

export const FREE_MAIL: readonly string[] = [
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'foxmail.com',
  '139.com',
];

/** Area codes (区号) by city-code prefix; other cities use their province capital's. */
export const AREA_CODES: Record<string, string> = {
  '1101': '010',
  '1201': '022',
  '3101': '021',
  '5001': '023',
  '1301': '0311',
  '1302': '0315',
  '1303': '0335',
  '1304': '0310',
  '1305': '0319',
  '1306': '0312',
  '1307': '0313',
  '1308': '0314',
  '1309': '0317',
  '1310': '0316',
  '1311': '0318',
  '1401': '0351',
  '1402': '0352',
  '1501': '0471',
  '1502': '0472',
  '1504': '0476',
  '1506': '0477',
  '2101': '024',
  '2102': '0411',
  '2103': '0412',
  '2201': '0431',
  '2202': '0432',
  '2301': '0451',
  '2306': '0459',
  '3201': '025',
  '3202': '0510',
  '3203': '0516',
  '3204': '0519',
  '3205': '0512',
  '3206': '0513',
  '3207': '0518',
  '3208': '0517',
  '3209': '0515',
  '3210': '0514',
  '3211': '0511',
  '3212': '0523',
  '3213': '0527',
  '3301': '0571',
  '3302': '0574',
  '3303': '0577',
  '3304': '0573',
  '3305': '0572',
  '3306': '0575',
  '3307': '0579',
  '3308': '0570',
  '3309': '0580',
  '3310': '0576',
  '3311': '0578',
  '3401': '0551',
  '3402': '0553',
  '3403': '0552',
  '3501': '0591',
  '3502': '0592',
  '3503': '0594',
  '3504': '0598',
  '3505': '0595',
  '3506': '0596',
  '3507': '0599',
  '3508': '0597',
  '3509': '0593',
  '3601': '0791',
  '3604': '0792',
  '3607': '0797',
  '3701': '0531',
  '3702': '0532',
  '3703': '0533',
  '3706': '0535',
  '3707': '0536',
  '3708': '0537',
  '3710': '0631',
  '3713': '0539',
  '4101': '0371',
  '4103': '0379',
  '4201': '027',
  '4205': '0717',
  '4206': '0710',
  '4301': '0731',
  '4306': '0730',
  '4401': '020',
  '4402': '0751',
  '4403': '0755',
  '4404': '0756',
  '4405': '0754',
  '4406': '0757',
  '4407': '0750',
  '4408': '0759',
  '4413': '0752',
  '4419': '0769',
  '4420': '0760',
  '4452': '0663',
  '4501': '0771',
  '4502': '0772',
  '4503': '0773',
  '4601': '0898',
  '4602': '0898',
  '5101': '028',
  '5107': '0816',
  '5201': '0851',
  '5301': '0871',
  '5401': '0891',
  '6101': '029',
  '6201': '0931',
  '6301': '0971',
  '6401': '0951',
  '6501': '0991',
};

export const STAFF_BANDS: readonly string[] = [
  '小于50人',
  '50-99人',
  '100-499人',
  '500-999人',
  '1000-4999人',
  '5000-9999人',
  '10000人以上',
];
/** Inclusive staff ranges of the bands above. */
export const STAFF_RANGES: readonly [number, number][] = [
  [1, 49],
  [50, 99],
  [100, 499],
  [500, 999],
  [1000, 4999],
  [5000, 9999],
  [10000, 60000],
];

export const STATUSES: readonly (readonly [string, number])[] = [
  ['存续', 56],
  ['在业', 30],
  ['注销', 8.5],
  ['吊销', 4],
  ['迁出', 1],
  ['停业', 0.5],
];

/** The rounds a demo company goes through, in order (the finance pages' list up to Pre-IPO). */
export const FINANCING_ROUNDS: readonly string[] = FINANCE_ROUNDS.slice(
  0,
  FINANCE_ROUNDS.indexOf('Pre-IPO') + 1,
);
export const INVESTOR_WORDS: readonly string[] = [
  '资本',
  '创投',
  '投资',
  '创业投资',
  '股权投资基金',
  '产业基金',
];

export const CHANGE_ITEMS: readonly (readonly [string, number])[] = [
  ['经营范围变更', 20],
  ['地址变更', 14],
  ['注册资本变更', 12],
  ['法定代表人变更', 9],
  ['投资人变更', 14],
  ['高级管理人员备案', 12],
  ['章程备案', 10],
  ['联络员变更', 5],
  ['营业期限变更', 4],
];

export const HONOR_POOL: readonly (readonly [string, '国家级' | '省级' | '市级', string])[] = [
  ['守合同重信用企业', '省级', '省市场监督管理局'],
  ['省级企业技术中心', '省级', '省工业和信息化厅'],
  ['市级工程技术研究中心', '市级', '市科学技术局'],
  ['知识产权优势企业', '省级', '省知识产权局'],
  ['纳税信用A级纳税人', '省级', '国家税务总局省税务局'],
  ['市级龙头企业', '市级', '市人民政府'],
  ['绿色工厂', '国家级', '工业和信息化部'],
  ['制造业单项冠军企业', '国家级', '工业和信息化部'],
];
