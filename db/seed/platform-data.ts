/**
 * Platform seed data: the menu tree (spec 2.1/2.2 routes, with the buttons whose permission
 * strings the API checks), the "more tools" groups (spec 2.4) and the demo accounts.
 */

/** Who gets a menu entry: every member, tenant administrators, the super administrator only, or the platform. */
export type MenuAccess = 'all' | 'tenantAdmin' | 'admin' | 'platform';

export type MenuSeed = {
  id: number;
  name: string;
  /** Directory (1), page (2); buttons are listed under `buttons`. */
  type: 1 | 2;
  path?: string;
  icon?: string;
  componentName?: string;
  access: MenuAccess;
  /** Detail and utility routes exist in the route list but never show in the side menu. */
  hiddenInMenu?: boolean;
  keepAlive?: boolean;
  badge?: string;
  buttons?: {
    id: number;
    name: string;
    permission: string;
    access?: MenuAccess;
    /**
     * A guard added to an action every role could take before: when the button is first seeded,
     * every role (tenants' own too) holding this permission is granted it, so nobody loses the
     * action; later removals by a tenant stay.
     */
    grantWith?: string;
  }[];
  children?: MenuSeed[];
};

/** Menu ids below this are owned by the seed (rows it no longer lists are removed). */
export const SEED_MENU_ID_LIMIT = 100000;

export const MENU_TREE: MenuSeed[] = [
  {
    id: 100,
    name: '我的工作台',
    type: 2,
    path: '/workbench',
    icon: 'DesktopOutlined',
    componentName: 'Workbench',
    access: 'all',
  },
  {
    id: 200,
    name: 'AI 助手',
    type: 1,
    icon: 'RobotOutlined',
    access: 'all',
    children: [
      {
        id: 201,
        name: 'AI 助手',
        type: 2,
        path: '/ai',
        componentName: 'AiAssistant',
        access: 'all',
      },
      {
        id: 202,
        name: 'AI 员工',
        type: 2,
        path: '/digitalEmployee',
        componentName: 'DigitalEmployee',
        access: 'all',
      },
      {
        id: 203,
        name: '员工技能',
        type: 2,
        path: '/digitalEmployeeDetail',
        componentName: 'DigitalEmployeeDetail',
        access: 'all',
      },
      {
        id: 204,
        name: '智能搜索详情',
        type: 2,
        path: '/intelligenceSearchDetail',
        componentName: 'IntelligenceSearchDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        // Issue 33: every member's own tasks; an admin's data scope shows the tenant's.
        id: 205,
        name: '加微任务',
        type: 2,
        path: '/ai/addWeixinTasks',
        componentName: 'AddWeixinTasks',
        access: 'all',
      },
      {
        id: 206,
        name: '不再联系',
        type: 2,
        path: '/ai/optOut',
        componentName: 'AddWeixinOptOut',
        access: 'tenantAdmin',
        buttons: [
          {
            id: 20601,
            name: '管理不再联系名单',
            permission: 'szjk:outreach:opt-out',
            access: 'tenantAdmin',
          },
        ],
      },
    ],
  },
  {
    id: 300,
    name: '企业查询',
    type: 1,
    icon: 'SearchOutlined',
    access: 'all',
    children: [
      {
        id: 301,
        name: '企业搜索',
        type: 2,
        path: '/companySearch',
        componentName: 'CompanySearch',
        access: 'all',
        buttons: [
          { id: 30101, name: '解锁联系方式', permission: 'szjk:enterprise:unlock' },
          { id: 30102, name: '导出企业', permission: 'szjk:enterprise:export' },
          { id: 30103, name: '转为线索', permission: 'szjk:enterprise:to-crm' },
        ],
      },
      {
        id: 302,
        name: '企业详情',
        type: 2,
        path: '/companySearchDetail',
        access: 'all',
        hiddenInMenu: true,
        buttons: [
          // 挖一挖 asks the paid contact provider (issue 28 item 6): whoever could unlock keeps it.
          {
            id: 30201,
            name: '挖一挖',
            permission: 'szjk:enterprise:wyw',
            grantWith: 'szjk:enterprise:unlock',
          },
        ],
      },
      {
        id: 303,
        name: '高级搜索',
        type: 2,
        path: '/advancedSearch',
        componentName: 'AdvancedSearch',
        access: 'all',
      },
      {
        id: 304,
        name: '智能搜索详情',
        type: 2,
        path: '/intelligenceSearchDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 305,
        name: '画像推荐',
        type: 2,
        path: '/portraitRecommend',
        componentName: 'PortraitRecommend',
        access: 'all',
      },
      {
        id: 306,
        name: '企业报告',
        type: 2,
        path: '/enterpriseReport',
        componentName: 'EnterpriseReport',
        access: 'all',
        // One right for generating reports and keeping templates (issue 32 item 3).
        buttons: [{ id: 30601, name: '生成企业报告', permission: 'szjk:report:create' }],
      },
      {
        id: 307,
        name: '报告模板',
        type: 2,
        path: '/enterpriseReport/reportTemplate',
        access: 'all',
      },
      {
        id: 308,
        name: '年报详情',
        type: 2,
        path: '/annualReportDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 309,
        name: '权威榜单',
        type: 2,
        path: '/authoritativeList',
        componentName: 'AuthoritativeList',
        access: 'all',
      },
      {
        id: 310,
        name: '榜单专辑',
        type: 2,
        path: '/industryAlbum/authoritativeList/:album',
        access: 'all',
        hiddenInMenu: true,
        keepAlive: true,
      },
      {
        id: 311,
        name: '企业拓展专辑',
        type: 2,
        path: '/industryAlbum/companyExpansion/:album',
        access: 'all',
        hiddenInMenu: true,
        keepAlive: true,
      },
    ],
  },
  {
    id: 400,
    name: '招商拓客',
    type: 1,
    icon: 'AimOutlined',
    access: 'all',
    children: [
      {
        id: 401,
        name: '地图获客',
        type: 2,
        path: '/mapGetCustomer',
        componentName: 'MapGetCustomer',
        access: 'all',
      },
      {
        id: 402,
        name: '地图找客',
        type: 2,
        path: '/customer-seeking/search-on-map',
        componentName: 'SearchOnMap',
        access: 'all',
      },
      {
        id: 403,
        name: '楼宇企业',
        type: 2,
        path: '/customer-seeking/estate-search/:estateId/:type',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 404,
        name: '产业招商',
        type: 2,
        path: '/market-research/industry-merchants',
        componentName: 'IndustryMerchants',
        access: 'all',
      },
      {
        id: 405,
        name: '厂房楼宇',
        type: 2,
        path: '/factoryAndBuilding/:src',
        access: 'all',
        hiddenInMenu: true,
      },
      { id: 406, name: '产业图谱', type: 2, path: '/atlas', componentName: 'Atlas', access: 'all' },
      {
        id: 407,
        name: '投融资',
        type: 2,
        path: '/finance',
        componentName: 'Finance',
        access: 'all',
      },
      {
        id: 408,
        name: '投资机构详情',
        type: 2,
        path: '/details/organizationDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 409,
        name: '融资项目详情',
        type: 2,
        path: '/details/projectionDetail',
        access: 'all',
        hiddenInMenu: true,
      },
    ],
  },
  {
    id: 500,
    name: '产业研究',
    type: 1,
    icon: 'FundOutlined',
    access: 'all',
    children: [
      {
        id: 501,
        name: '行业资讯',
        type: 2,
        path: '/industryInsights/industryInformation',
        componentName: 'IndustryInformation',
        access: 'all',
      },
      {
        id: 502,
        name: '产业地图',
        type: 2,
        path: '/industryInsights/industryMap',
        componentName: 'IndustryMap',
        access: 'all',
      },
      {
        id: 503,
        name: '产业链图谱',
        type: 2,
        path: '/industryInsights/industryTP/:industryChainCode',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 504,
        name: '研究报告',
        type: 2,
        path: '/zxyb/yjbg',
        componentName: 'ResearchReports',
        access: 'all',
      },
      {
        id: 505,
        name: '研报详情',
        type: 2,
        path: '/zxyb/yjbg/reportDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 506,
        name: '产业资讯',
        type: 2,
        path: '/zxyb/cyzx',
        componentName: 'IndustryNews',
        access: 'all',
      },
      {
        id: 507,
        name: '资讯详情',
        type: 2,
        path: '/zxyb/cyzx/reportDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 508,
        name: '行业洞察',
        type: 2,
        path: '/market-research/industry-details',
        componentName: 'IndustryDetails',
        access: 'all',
      },
      {
        id: 509,
        name: '产业分析',
        type: 2,
        path: '/industryAnalysis/:src',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 510,
        name: '数据看板',
        type: 2,
        path: '/dataBoard',
        componentName: 'DataBoard',
        access: 'all',
        buttons: [
          {
            id: 51001,
            name: '看板查询',
            permission: 'szjk:data-board:query',
            grantWith: 'szjk:clue:query',
          },
          {
            id: 51002,
            name: '看板导出',
            permission: 'szjk:data-board:export',
            grantWith: 'szjk:clue:export',
          },
        ],
      },
    ],
  },
  {
    id: 600,
    name: '政策服务',
    type: 1,
    icon: 'FileProtectOutlined',
    access: 'all',
    children: [
      {
        id: 601,
        name: '政策查询',
        type: 2,
        path: '/policySearch',
        componentName: 'PolicySearch',
        access: 'all',
      },
      {
        id: 602,
        name: '政策详情',
        type: 2,
        path: '/policyDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 603,
        name: '补贴详情',
        type: 2,
        path: '/views_lianke/subsidyDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 604,
        name: '政策解读',
        type: 2,
        path: '/policy-analysis/policy-inquiry/policy-details/:id',
        access: 'all',
        hiddenInMenu: true,
      },
    ],
  },
  {
    id: 700,
    name: '客户管理',
    type: 1,
    icon: 'TeamOutlined',
    access: 'all',
    children: [
      {
        id: 701,
        name: '线索管理',
        type: 2,
        path: '/clue/list',
        componentName: 'ClueList',
        access: 'all',
        buttons: [
          { id: 70101, name: '线索查询', permission: 'szjk:clue:query' },
          { id: 70102, name: '新增线索', permission: 'szjk:clue:create' },
          { id: 70103, name: '修改线索', permission: 'szjk:clue:update' },
          { id: 70104, name: '删除线索', permission: 'szjk:clue:delete' },
          { id: 70105, name: '导出线索', permission: 'szjk:clue:export' },
          { id: 70106, name: '导入线索', permission: 'szjk:clue:import' },
          {
            id: 70107,
            name: '分配跟进人',
            permission: 'szjk:clue:update-follow-user',
            access: 'tenantAdmin',
          },
        ],
      },
      {
        id: 702,
        name: '客户列表',
        type: 2,
        path: '/customerManagement/customerList',
        componentName: 'CustomerList',
        access: 'all',
        buttons: [
          { id: 70201, name: '客户查询', permission: 'szjk:customer:query' },
          { id: 70202, name: '新增客户', permission: 'szjk:customer:create' },
          { id: 70203, name: '修改客户', permission: 'szjk:customer:update' },
          { id: 70204, name: '删除客户', permission: 'szjk:customer:delete' },
          { id: 70205, name: '线索转客户', permission: 'szjk:customer:convert' },
          {
            id: 70206,
            name: '转移负责人',
            permission: 'szjk:customer:update-owner',
            access: 'tenantAdmin',
          },
        ],
      },
      {
        id: 709,
        name: '客户详情',
        type: 2,
        path: '/customerManagement/customerDetail',
        componentName: 'CustomerDetail',
        access: 'all',
        hiddenInMenu: true,
      },
      {
        id: 710,
        name: '商机管理',
        type: 2,
        path: '/customerManagement/opportunity',
        componentName: 'OpportunityBoard',
        access: 'all',
        buttons: [
          { id: 71001, name: '商机查询', permission: 'szjk:opportunity:query' },
          { id: 71002, name: '新增商机', permission: 'szjk:opportunity:create' },
          { id: 71003, name: '修改商机', permission: 'szjk:opportunity:update' },
          { id: 71004, name: '删除商机', permission: 'szjk:opportunity:delete' },
          {
            id: 71005,
            name: '阶段设置',
            permission: 'szjk:opportunity:stage',
            access: 'tenantAdmin',
          },
        ],
      },
      {
        id: 703,
        name: '已解锁企业',
        type: 2,
        path: '/unLockListPage',
        componentName: 'UnlockList',
        access: 'all',
      },
      {
        id: 704,
        name: '我的收藏',
        type: 2,
        path: '/favoritesPage',
        componentName: 'Favorites',
        access: 'all',
      },
      {
        id: 705,
        name: '下载中心',
        type: 2,
        path: '/downloadList',
        componentName: 'DownloadList',
        access: 'all',
      },
      {
        id: 706,
        name: '数据中心',
        type: 2,
        path: '/dataCenter',
        componentName: 'DataCenter',
        access: 'all',
        buttons: [
          {
            id: 70601,
            name: '数据中心查询',
            permission: 'szjk:data-center:query',
            grantWith: 'szjk:clue:query',
          },
          {
            id: 70602,
            name: '合并重复线索',
            permission: 'szjk:data-center:merge',
            access: 'tenantAdmin',
          },
        ],
      },
      {
        id: 707,
        name: '代码组',
        type: 2,
        path: '/codeGroup',
        componentName: 'CodeGroup',
        access: 'tenantAdmin',
        buttons: [{ id: 70701, name: '编辑代码组', permission: 'szjk:code-group:update' }],
      },
      {
        id: 708,
        name: '数据管理',
        type: 2,
        path: '/dataManagement',
        componentName: 'DataManagement',
        access: 'tenantAdmin',
        buttons: [
          { id: 70801, name: '数据管理', permission: 'szjk:data:manage' },
          { id: 70802, name: '导出全部数据', permission: 'szjk:data:export' },
        ],
      },
    ],
  },
  {
    id: 800,
    name: '消息中心',
    type: 2,
    path: '/infoCenter',
    icon: 'BellOutlined',
    componentName: 'InfoCenter',
    access: 'all',
  },
  {
    id: 900,
    name: '企业管理',
    type: 1,
    icon: 'ApartmentOutlined',
    access: 'tenantAdmin',
    children: [
      {
        id: 901,
        name: '成员管理',
        type: 2,
        path: '/employeeManagement/member',
        componentName: 'MemberManagement',
        access: 'tenantAdmin',
        badge: '新',
        buttons: [
          { id: 90101, name: '成员查询', permission: 'system:user:query' },
          { id: 90102, name: '启用/停用成员', permission: 'system:user:update' },
          { id: 90103, name: '移出成员', permission: 'system:user:delete' },
          { id: 90104, name: '分配角色', permission: 'system:permission:assign-user-role' },
          { id: 90105, name: '查看加入申请', permission: 'system:join-request:query' },
          { id: 90106, name: '审批加入申请', permission: 'system:join-request:update' },
          { id: 90107, name: '生成直接加入邀请码', permission: 'system:invitation:create' },
          { id: 90108, name: '部门查询', permission: 'system:dept:query' },
          { id: 90109, name: '新增部门', permission: 'system:dept:create' },
          { id: 90110, name: '修改部门', permission: 'system:dept:update' },
          { id: 90111, name: '删除部门', permission: 'system:dept:delete' },
        ],
      },
      {
        id: 902,
        name: '角色管理',
        type: 2,
        path: '/employeeManagement/role',
        componentName: 'RoleManagement',
        access: 'tenantAdmin',
        badge: '新',
        buttons: [
          { id: 90201, name: '角色查询', permission: 'system:role:query' },
          { id: 90202, name: '新增角色', permission: 'system:role:create' },
          { id: 90203, name: '修改角色', permission: 'system:role:update' },
          { id: 90204, name: '删除角色', permission: 'system:role:delete' },
          { id: 90205, name: '分配菜单权限', permission: 'system:permission:assign-role-menu' },
          {
            id: 90206,
            name: '设置数据范围',
            permission: 'system:permission:assign-role-data-scope',
            access: 'admin',
          },
        ],
      },
      {
        id: 903,
        name: '企业信息',
        type: 2,
        path: '/employeeManagement/enterprise',
        componentName: 'EnterpriseSettings',
        access: 'tenantAdmin',
        buttons: [
          { id: 90301, name: '修改企业信息', permission: 'system:sztk-tenant:update' },
          { id: 90302, name: '解散企业', permission: 'system:sztk-tenant:delete', access: 'admin' },
        ],
      },
    ],
  },
  {
    id: 910,
    name: '会员中心',
    type: 2,
    path: '/memberCenter',
    icon: 'CrownOutlined',
    componentName: 'MemberCenter',
    access: 'all',
  },
  {
    id: 950,
    name: '个人中心',
    type: 2,
    path: '/userSystem/userInfo',
    icon: 'UserOutlined',
    componentName: 'UserInfo',
    access: 'all',
    hiddenInMenu: true,
  },
  { id: 960, name: '通用页面', type: 2, path: '/common/:src', access: 'all', hiddenInMenu: true },
  {
    // The operator's console (issue 29 item 5): only the platform's permissions reach it.
    id: 980,
    name: '平台管理',
    type: 1,
    icon: 'SettingOutlined',
    access: 'platform',
    children: [
      {
        id: 981,
        name: '租户管理',
        type: 2,
        path: '/platform/tenant',
        componentName: 'TenantManagement',
        access: 'platform',
        buttons: [
          { id: 98101, name: '租户查询', permission: 'system:tenant:query', access: 'platform' },
          { id: 98102, name: '新增租户', permission: 'system:tenant:create', access: 'platform' },
          { id: 98103, name: '修改租户', permission: 'system:tenant:update', access: 'platform' },
          { id: 98104, name: '删除租户', permission: 'system:tenant:delete', access: 'platform' },
          {
            id: 98105,
            name: '停用/启用租户',
            permission: 'system:tenant:disable',
            access: 'platform',
          },
          {
            id: 98106,
            name: '赠送解锁额度',
            permission: 'system:tenant:quota',
            access: 'platform',
          },
        ],
      },
      {
        id: 983,
        name: '订单与支付',
        type: 2,
        path: '/platform/order',
        componentName: 'OrderManagement',
        access: 'platform',
        buttons: [
          { id: 98301, name: '订单查询', permission: 'trade:order:query', access: 'platform' },
          { id: 98302, name: '标记退款', permission: 'trade:order:refund', access: 'platform' },
        ],
      },
      {
        id: 982,
        name: '内容导入',
        type: 2,
        path: '/platform/content',
        componentName: 'ContentManagement',
        access: 'platform',
        buttons: [
          {
            id: 98201,
            name: '导入政策与资讯',
            permission: 'system:content:import',
            access: 'platform',
          },
        ],
      },
      {
        id: 985,
        name: '数字员工配置',
        type: 2,
        path: '/platform/ai-employee',
        componentName: 'AiEmployeeConfig',
        access: 'platform',
        buttons: [
          {
            id: 98501,
            name: '修改数字员工配置',
            permission: 'system:ai-employee:update',
            access: 'platform',
          },
        ],
      },
      {
        id: 984,
        name: '审计日志',
        type: 2,
        path: '/platform/audit-log',
        componentName: 'AuditLog',
        access: 'platform',
        buttons: [
          {
            id: 98401,
            name: '审计日志查询',
            permission: 'system:audit-log:query',
            access: 'platform',
          },
        ],
      },
    ],
  },
];

/** Spec 2.4 "more tools" groups. `path` may be external (the park site). */
export type FeatureNavSeed = {
  id: number;
  name: string;
  label: string;
  path: string;
  icon?: string;
  external?: boolean;
};
export type FeatureNavGroupSeed = { id: number; name: string; items: FeatureNavSeed[] };

export const FEATURE_NAV_GROUPS: FeatureNavGroupSeed[] = [
  {
    id: 1,
    name: '常用功能',
    items: [
      {
        id: 101,
        name: 'companySearch',
        label: '企业查询',
        path: '/companySearch',
        icon: 'SearchOutlined',
      },
      {
        id: 102,
        name: 'advancedSearch',
        label: '高级搜索',
        path: '/advancedSearch',
        icon: 'FilterOutlined',
      },
      { id: 103, name: 'ai', label: 'AI 助手', path: '/ai', icon: 'RobotOutlined' },
      {
        id: 104,
        name: 'mapGetCustomer',
        label: '地图获客',
        path: '/mapGetCustomer',
        icon: 'EnvironmentOutlined',
      },
      {
        id: 105,
        name: 'unLockList',
        label: '已解锁企业',
        path: '/unLockListPage',
        icon: 'UnlockOutlined',
      },
      {
        id: 106,
        name: 'downloadList',
        label: '下载中心',
        path: '/downloadList',
        icon: 'DownloadOutlined',
      },
    ],
  },
  {
    id: 2,
    name: '招商线索',
    items: [
      {
        id: 201,
        name: 'industryMerchants',
        label: '产业招商',
        path: '/market-research/industry-merchants',
        icon: 'AimOutlined',
      },
      {
        id: 202,
        name: 'portraitRecommend',
        label: '画像推荐',
        path: '/portraitRecommend',
        icon: 'UserSwitchOutlined',
      },
      {
        id: 203,
        name: 'searchOnMap',
        label: '地图找客',
        path: '/customer-seeking/search-on-map',
        icon: 'CompassOutlined',
      },
      { id: 204, name: 'finance', label: '投融资', path: '/finance', icon: 'DollarOutlined' },
      {
        id: 205,
        name: 'authoritativeList',
        label: '权威榜单',
        path: '/authoritativeList',
        icon: 'TrophyOutlined',
      },
      {
        id: 206,
        name: 'parkQuery',
        label: '园区查询',
        path: 'https://park.example.com/',
        icon: 'BankOutlined',
        external: true,
      },
    ],
  },
  {
    id: 3,
    name: '产业研究报告',
    items: [
      {
        id: 301,
        name: 'researchReports',
        label: '研究报告',
        path: '/zxyb/yjbg',
        icon: 'FileTextOutlined',
      },
      {
        id: 302,
        name: 'enterpriseReport',
        label: '企业报告',
        path: '/enterpriseReport',
        icon: 'ProfileOutlined',
      },
      {
        id: 303,
        name: 'reportTemplate',
        label: '报告模板',
        path: '/enterpriseReport/reportTemplate',
        icon: 'SnippetsOutlined',
      },
    ],
  },
  {
    id: 4,
    name: '产业洞察',
    items: [
      {
        id: 401,
        name: 'industryInformation',
        label: '行业资讯',
        path: '/industryInsights/industryInformation',
        icon: 'ReadOutlined',
      },
      {
        id: 402,
        name: 'industryMap',
        label: '产业地图',
        path: '/industryInsights/industryMap',
        icon: 'HeatMapOutlined',
      },
      {
        id: 403,
        name: 'industryNews',
        label: '产业资讯',
        path: '/zxyb/cyzx',
        icon: 'NotificationOutlined',
      },
      { id: 404, name: 'atlas', label: '产业图谱', path: '/atlas', icon: 'ClusterOutlined' },
      {
        id: 405,
        name: 'dataBoard',
        label: '数据看板',
        path: '/dataBoard',
        icon: 'DashboardOutlined',
      },
    ],
  },
  {
    id: 5,
    name: '政策服务',
    items: [
      {
        id: 501,
        name: 'policySearch',
        label: '政策查询',
        path: '/policySearch',
        icon: 'FileProtectOutlined',
      },
    ],
  },
  {
    id: 6,
    name: '客户管理 / CRM',
    items: [
      {
        id: 601,
        name: 'clueList',
        label: '线索管理',
        path: '/clue/list',
        icon: 'ContactsOutlined',
      },
      {
        id: 602,
        name: 'customerList',
        label: '客户列表',
        path: '/customerManagement/customerList',
        icon: 'TeamOutlined',
      },
      {
        id: 603,
        name: 'favorites',
        label: '我的收藏',
        path: '/favoritesPage',
        icon: 'StarOutlined',
      },
      {
        id: 604,
        name: 'workbench',
        label: '我的工作台',
        path: '/workbench',
        icon: 'DesktopOutlined',
      },
    ],
  },
];

export type DemoAccountSeed = {
  username: string;
  nickname: string;
  mobile: string;
  roles: string[];
  /** Index into DEMO_TENANTS, or 'platform'. */
  tenant: number | 'platform';
};

export const PLATFORM_TENANT_NAME = '拓客雷达运营中心';

/** One demo tenant per edition (0-4). */
export const DEMO_TENANTS = [
  { key: 'free', name: '演示科技有限公司（免费版）', edition: 0 },
  { key: 'personal', name: '演示科技有限公司（个人版）', edition: 1 },
  { key: 'standard', name: '演示科技有限公司（标准版）', edition: 2 },
  { key: 'advanced', name: '演示科技有限公司（高级版）', edition: 3 },
  { key: 'enterprise', name: '演示科技有限公司（企业版）', edition: 4 },
] as const;

/**
 * Departments of every demo tenant (parent by name, '' = top level) and where its demo accounts
 * sit (by the username suffix).
 */
export const DEMO_DEPARTMENTS: readonly { name: string; parent: string; sort: number }[] = [
  { name: '销售部', parent: '', sort: 1 },
  { name: '销售一组', parent: '销售部', sort: 1 },
  { name: '市场部', parent: '', sort: 2 },
];
export const DEMO_ACCOUNT_DEPTS: Readonly<Record<string, string>> = {
  admin: '销售部',
  staff: '销售一组',
};

/** Demo passwords (demoPasswords on): 8-16 letters and digits, as the password rule requires. */
export const DEMO_ADMIN_PASSWORD = 'Admin@2026';
export const DEMO_USER_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS: DemoAccountSeed[] = [
  {
    username: 'admin',
    nickname: '平台管理员',
    mobile: '13800000000',
    roles: ['super_admin'],
    tenant: 'platform',
  },
  ...DEMO_TENANTS.flatMap((t, i) => [
    {
      username: `${t.key}_admin`,
      nickname: `${t.name.slice(-4, -1)}管理员`,
      mobile: `138000000${String(i * 2 + 1).padStart(2, '0')}`,
      roles: ['admin', 'tenant_admin'],
      tenant: i,
    },
    {
      username: `${t.key}_staff`,
      nickname: `${t.name.slice(-4, -1)}员工`,
      mobile: `138000000${String(i * 2 + 2).padStart(2, '0')}`,
      roles: ['employee'],
      tenant: i,
    },
  ]),
];
