/**
 * The one error catalogue: every code the API root answers with, the text users read, and how the
 * client reacts (spec section 8, ../shared/API-NOTES.md). Server and browser both import it.
 */
export type ClientReaction =
  /** show the message as a notification */
  | 'notify'
  /** swallow: the caller handles it or it needs no message */
  | 'silent'
  /** end the session and ask to sign in */
  | 'relogin'
  /** feeds the QR-login state machine; the login modal decides */
  | 'qrFlow'
  /** the 解锁额度不足 dialog with 前往 */
  | 'quotaDialog'
  /** success-style notice (join request submitted) */
  | 'successNotice'
  /** persistent message that stays until closed */
  | 'persistent';

export type ErrorDefinition = { code: number; msg: string; reaction: ClientReaction };

function def(code: number, msg: string, reaction: ClientReaction = 'notify'): ErrorDefinition {
  return { code, msg, reaction };
}

export const SUCCESS_CODE = 200;

export const ERRORS = {
  // Global codes (yudao GlobalErrorCodeConstants, spec section 8)
  BAD_REQUEST: def(400, '请求参数不正确'),
  UNAUTHORIZED: def(401, '认证失败，无法访问系统资源', 'relogin'),
  FORBIDDEN: def(403, '当前操作没有权限'),
  NOT_FOUND: def(404, '访问资源不存在'),
  METHOD_NOT_ALLOWED: def(405, '请求方法不正确'),
  PAYLOAD_TOO_LARGE: def(413, '请求内容过大'),
  TOO_MANY_REQUESTS: def(429, '请求过于频繁，请稍后重试'),
  INTERNAL_SERVER_ERROR: def(500, '系统异常'),
  NOT_IMPLEMENTED: def(501, '功能未实现/未开启', 'persistent'),
  SERVICE_UNAVAILABLE: def(503, '服务暂不可用，请稍后重试'),
  READ_ONLY: def(901, '演示模式，禁止写操作'),
  UNKNOWN: def(999, '系统未知错误，请反馈给管理员'),

  // Authentication (1002000xxx)
  AUTH_LOGIN_BAD_CREDENTIALS: def(1002000000, '登录失败，账号密码不正确'),
  AUTH_LOGIN_USER_DISABLED: def(1002000001, '登录失败，账号被禁用'),
  AUTH_LOGIN_CAPTCHA_CODE_ERROR: def(1002000004, '验证码不正确，原因：{reason}'),
  AUTH_THIRD_LOGIN_NOT_BIND: def(1002000005, '未绑定账号，需要进行绑定', 'qrFlow'),
  AUTH_REGISTER_CAPTCHA_CODE_ERROR: def(1002000008, '验证码不正确', 'qrFlow'),
  AUTH_QR_TICKET_EXPIRED: def(1002000009, '二维码已过期，请重新扫码登录', 'qrFlow'),
  AUTH_NO_ENTERPRISE: def(1002000010, '尚未绑定企业，请完善企业信息', 'qrFlow'),
  AUTH_QR_WAITING: def(1002000011, '等待扫码确认', 'qrFlow'),
  AUTH_JOIN_PENDING_OR_REJECTED: def(1002000013, '加入企业的申请正在审核中或已被拒绝'),
  AUTH_WEIXIN_CODE_INVALID: def(1002000015, '微信授权码无效或已使用', 'qrFlow'),
  AUTH_WEIXIN_NOT_BOUND: def(1002000016, '该微信暂未绑定账号，请使用微信扫码登录'),
  AUTH_ACCOUNT_LOCKED: def(1002000017, '密码错误次数过多，账号已锁定 {minutes} 分钟，请稍后再试'),
  AUTH_REFRESH_TOKEN_INVALID: def(1002000018, '刷新令牌已失效', 'relogin'),
  AUTH_TICKET_INVALID: def(1002000019, '操作已超时，请重新登录'),

  // Users
  USER_NOT_EXISTS: def(1002003000, '用户不存在', 'silent'),
  USER_MOBILE_EXISTS: def(1002003001, '手机号已被使用'),
  USER_USERNAME_EXISTS: def(1002003002, '用户账号已经存在'),
  USER_MOBILE_NOT_REGISTERED: def(1002003003, '该手机号尚未注册，请完善企业信息', 'qrFlow'),
  USER_PASSWORD_FAILED: def(1002003004, '原密码不正确'),
  USER_AVATAR_INVALID: def(1002003005, '只能上传 .jpg、.png 格式的文件'),
  USER_MOBILE_NOT_FOUND: def(1002003006, '该手机号未注册'),
  USER_MOBILE_AUTH_CODE_INVALID: def(1002003007, '验证已失效，请重新验证当前手机号'),
  USER_MOBILE_SAME: def(1002003008, '新手机号不能与当前手机号相同'),
  USER_PASSWORD_NOT_SET: def(1002003009, '账号尚未设置密码，请使用短信验证码修改'),

  // Roles
  ROLE_NOT_EXISTS: def(1002002000, '角色不存在'),
  ROLE_NAME_DUPLICATE: def(1002002001, '已经存在名为【{name}】的角色'),
  ROLE_CODE_DUPLICATE: def(1002002002, '已经存在标识为【{code}】的角色'),
  ROLE_BUILT_IN_CANNOT_EDIT: def(1002002004, '内置角色不能修改或删除'),
  ROLE_ASSIGN_FORBIDDEN: def(1002002005, '不能分配该角色'),

  // SMS codes (1002014xxx)
  SMS_CODE_NOT_FOUND: def(1002014000, '验证码不正确，请重新填写'),
  SMS_CODE_EXPIRED: def(1002014001, '验证码已过期'),
  SMS_CODE_USED: def(1002014002, '验证码已使用'),
  SMS_CODE_DAILY_LIMIT: def(1002014004, '今日发送验证码次数已达上限'),
  SMS_CODE_TOO_FAST: def(1002014005, '验证码发送过于频繁，请稍后再试'),
  SMS_MOBILE_NOT_OWN: def(1002014006, '请使用当前账号绑定的手机号'),

  // Social binding
  SOCIAL_ALREADY_BOUND: def(1002018000, '该微信已被其他账号绑定'),
  SOCIAL_NOT_BOUND: def(1002018001, '尚未绑定微信'),
  SOCIAL_USER_HAS_OTHER: def(1002018002, '该账号已绑定其他微信，请先解绑'),

  // Tenants, invitations, join requests (1002029xxx)
  TENANT_NOT_EXISTS: def(1002015000, '租户不存在'),
  TENANT_MISMATCH: def(1002015001, '租户不匹配，无权访问该租户的数据'),
  TENANT_DISABLED: def(1002015002, '企业已被停用，请联系客服'),
  TENANT_NAME_EXISTS: def(1002015003, '企业名称已存在'),
  JOIN_ALREADY_MEMBER: def(1002029000, '您已是该企业成员', 'silent'),
  JOIN_ALREADY_PENDING: def(1002029001, '已提交加入申请，请等待审核', 'silent'),
  INVITATION_EXPIRED: def(1002029002, '邀请码已过期'),
  JOIN_SUBMITTED: def(1002029003, '已提交加入企业申请，请等待管理员审核', 'successNotice'),
  INVITATION_NOT_FOUND: def(1002029004, '邀请码不存在'),
  JOIN_REQUEST_NOT_EXISTS: def(1002029005, '申请不存在或已处理'),
  INVITATION_REWARD_NONE: def(1002029006, '暂无可领取的邀请奖励'),

  // Files (1001003xxx, yudao infra)
  FILE_NOT_EXISTS: def(1001003000, '文件不存在'),
  FILE_TYPE_NOT_ALLOWED: def(1001003001, '不支持的文件类型'),
  FILE_TOO_LARGE: def(1001003002, '文件大小不能超过 {max}'),

  // Enterprise data and quota (1004011xxx)
  ENTERPRISE_NOT_EXISTS: def(1004010000, '企业不存在'),
  UNLOCK_QUOTA_EXHAUSTED: def(1004011000, '解锁额度不足', 'quotaDialog'),
  UNLOCK_NOT_IN_EDITION: def(1004011001, '当前版本不支持解锁该企业联系方式', 'quotaDialog'),
  SEARCH_TOO_DEEP: def(1004012000, '当前版本最多可查看前 {max} 条结果，升级会员可查看更多'),
  SEARCH_KEYWORD_INVALID: def(1004012001, '{reason}'),
  EXPORT_LIMIT: def(1004012002, '单次最多导出 {max} 条'),
  /** Queued + running exports of the member or the enterprise at their cap (export-slots.ts). */
  EXPORT_BUSY: def(1004012003, '已有导出任务进行中'),

  // Enterprise reports (1004013xxx, issue 32). An unknown template, company or report, or another
  // member's, answers 404 with its own message (报告模板不存在, 企业不存在, 报告不存在).
  REPORT_QUOTA_EXHAUSTED: def(
    1004013000,
    '本月企业报告额度已用完（{edition}每月 {max} 份），升级会员可生成更多',
  ),
  REPORT_BUSY: def(1004013001, '已有 {max} 份报告正在生成，请稍后再试'),
  REPORT_TEMPLATE_BUILT_IN: def(1004013002, '内置模板不能修改或删除'),
  REPORT_TEMPLATE_LIMIT: def(1004013003, '最多保存 {max} 个报告模板'),
  // Parks and buildings (issue 30 item 5, ADR 0201).
  ESTATE_NOT_FOUND: def(1004014000, '园区或楼宇不存在'),
  // The AI employee's skills (issue 34, ADR 0204).
  SKILL_LOCKED: def(1004015000, '「{name}」需要{edition}及以上版本，请升级后使用'),
  EMPLOYEE_CONFIG_INVALID: def(1004015001, '配置文档有误：{reason}'),

  // Leads (CRM 1_020_001_xxx). A lead the caller may not see answers the global 404.
  CLUE_ENTERPRISE_EXISTS: def(1020001001, '该企业已在线索中：「{name}」（跟进人：{owner}）'),
  CLUE_RESTORE_CONFLICT: def(1020001002, '该企业已有未删除的线索「{name}」，不能恢复'),
  CLUE_FOLLOW_USER_INVALID: def(1020001003, '跟进人必须是本企业在职成员'),
  CLUE_STATUS_TRANSITION: def(1020001004, '线索「{name}」为{from}，不能改为{to}'),
  CLUE_NOT_DELETED: def(1020001005, '线索「{name}」未被删除'),

  // Customers (1_020_002_xxx). A customer the caller may not see answers the global 404.
  CUSTOMER_ENTERPRISE_EXISTS: def(1020002001, '该企业已是客户：「{name}」（负责人：{owner}）'),
  CUSTOMER_RESTORE_CONFLICT: def(1020002002, '该企业已有未删除的客户「{name}」，不能恢复'),
  CUSTOMER_OWNER_INVALID: def(1020002003, '负责人必须是本企业在职成员'),
  CUSTOMER_NOT_DELETED: def(1020002004, '客户「{name}」未被删除'),
  CUSTOMER_CLUE_INVALID: def(1020002005, '线索「{name}」为无效线索，不能转为客户'),
  CUSTOMER_HAS_OPPORTUNITIES: def(1020002006, '客户「{name}」还有 {n} 个商机，请先删除商机'),
  CUSTOMER_CONVERTED_DELETED: def(
    1020002007,
    '该线索已转为客户「{name}」，该客户已删除，请在回收站恢复',
  ),

  // Opportunities and their stages (1_020_003_xxx)
  OPPORTUNITY_STAGE_IN_USE: def(1020003001, '阶段「{name}」还有 {n} 个商机，不能删除'),
  OPPORTUNITY_STAGE_TERMINAL: def(1020003002, '赢单、输单阶段不能删除或调整顺序'),
  OPPORTUNITY_STAGE_NAME_EXISTS: def(1020003003, '阶段名称「{name}」已存在'),
  OPPORTUNITY_STAGES_TOO_MANY: def(1020003004, '进行中阶段最多 {max} 个'),
  OPPORTUNITY_STAGE_ORDER_MISMATCH: def(1020003005, '阶段列表已变化，请刷新后重试'),
  OPPORTUNITY_LOST_REASON_REQUIRED: def(1020003006, '请填写输单原因'),
  OPPORTUNITY_STAGE_LAST: def(1020003007, '至少保留一个进行中阶段'),
  OPPORTUNITY_STAGE_NOT_OPEN: def(1020003008, '新建商机只能选择进行中的阶段'),

  // Data board (1_020_004_xxx)
  DATA_BOARD_FILTER_OUT_OF_SCOPE: def(1020004001, '只能按数据权限内的部门或成员筛选'),

  // Data center (1_020_005_xxx): merging duplicate leads (ADR 0184)
  DATA_CENTER_MERGE_CONVERTED: def(1020005001, '线索「{name}」已转为客户，只能作为保留的线索'),
  DATA_CENTER_MERGE_NOT_DUPLICATE: def(
    1020005002,
    '线索「{name}」与保留的线索信用代码、名称都不相同，不能合并',
  ),

  // Saved list views (1_020_090_xxx). Another's unshared view answers the global 404.
  SAVED_VIEW_NAME_EXISTS: def(1020090001, '已有同名视图「{name}」'),
  SAVED_VIEW_LIMIT: def(1020090002, '每个列表最多保存 {max} 个视图'),
  SAVED_VIEW_NOT_OWNER: def(1020090003, '只能修改或删除自己创建的视图'),

  // AI assistant (issue 16). Another member's task or message answers the global 404.
  AI_TASK_LIMIT: def(1010006001, '最多保留 {max} 个任务，请先删除不用的任务'),
  AI_NOT_SEARCH_REPLY: def(1010006002, '该消息不是搜索结果'),
  AI_THREAD_FULL: def(1010006003, '该任务的消息已达 {max} 条，请新建任务'),
  AI_NOTHING_SELECTED: def(1010006004, '没有可处理的企业'),

  // AI add-contact tasks
  ADD_CONTACT_BALANCE_INSUFFICIENT: def(1010006011, '加微任务余额不足'),
  OUTREACH_NO_CONTACTS: def(1010006012, '所选企业没有可添加的手机号（需为已解锁企业的手机号）'),
  OUTREACH_TOO_MANY: def(1010006013, '一个加微任务最多 {max} 家企业'),
  OUTREACH_ENDED: def(1010006014, '该加微任务已结束'),
  OUTREACH_FOREIGN_COMPANIES: def(1010006015, '所选线索不存在或不在您的数据权限内'),
  OUTREACH_CONFIRM_REQUIRED: def(1010006016, '今天首个付费加微任务需短信验证，请输入验证码'),
  OUTREACH_BAD_SIGNATURE: def(1010006017, '回调签名无效'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorKey = keyof typeof ERRORS;

const byCode = new Map<number, ErrorDefinition>(Object.values(ERRORS).map((e) => [e.code, e]));

export function findError(code: number): ErrorDefinition | undefined {
  return byCode.get(code);
}

/** Fills {placeholders} of a catalogue message. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Codes whose success semantics the spec accepts besides 200 (yudao upstreams use 0). */
export function isSuccessCode(code: number): boolean {
  return code === SUCCESS_CODE || code === 0;
}

/** BFF transport messages (spec section 8). */
export const TRANSPORT_MESSAGES = {
  timeout: '系统接口请求超时',
  unreachable: '后端接口连接异常',
  httpStatus: (status: number) => `系统接口${status}异常`,
} as const;
