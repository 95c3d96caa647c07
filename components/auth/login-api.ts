import { api } from '@/lib/client/request';

/** What the BFF returns for any login (the tokens stay in the sealed cookie). */
export type LoginAnswer = { userId: number; expiresTime: number; tenantId: number };

export type QrTicket = { ticket: string; url: string; expireSeconds: number };

import type { InvitationInfo } from '@/lib/server/invitation/invitation.service';

export type { InvitationInfo };

export type EnterpriseSuggestion = { ent_id: number; entname: string; uncid: string };

/** Enterprise fields of the bind form (spec 3 bind form). */
export type CompanyInput = {
  companyId?: number | null;
  companyName?: string | null;
  invitationCode?: string | null;
};

// Every login call handles its own errors (the modal's state machine of spec 4.2).
const silent = { silent: true } as const;

export const loginApi = {
  passwordLogin: (body: {
    username: string;
    password: string;
    rememberMe: boolean;
    captchaVerification: string;
  }) => api.post<LoginAnswer>('/system/auth/login', body, silent),
  smsLogin: (body: { mobile: string; code: string; invitationCode?: string | null }) =>
    api.post<LoginAnswer>('/system/auth/sms-login', body, silent),
  signUpByMobile: (body: { mobile: string; registerTicket: string } & CompanyInput) =>
    api.post<LoginAnswer>('/system/auth/sign-up-by-mobile', body, silent),
  bindEnterprise: (body: { bindTicket: string } & CompanyInput) =>
    api.post<LoginAnswer>('/system/auth/bind-enterprise', body, silent),
  createQrTicket: () =>
    api.get<QrTicket>('/mp/qrcode/create-qrcode-ticket', { query: { scene: 'login' }, ...silent }),
  qrStatus: (ticket: string) =>
    api.get<number>('/mp/qrcode/get-qrcode-status', { query: { ticket }, ...silent }),
  qrLogin: (ticket: string) =>
    api.post<LoginAnswer>('/system/auth/qrcode-login', { ticket }, silent),
  wxBindMobileLogin: (
    body: { mobile: string; smsCode?: string | null; ticket: string } & CompanyInput,
  ) => api.post<LoginAnswer>('/system/auth/wx-mp-bind-mobile-login', body, silent),
  wechatWebLogin: (code: string, state: string | null) =>
    api.post<LoginAnswer>('/system/pcwx/fast/auth/login', undefined, {
      query: { code, state: state ?? undefined },
      ...silent,
    }),
  resetPassword: (body: { mobile: string; verificationCode: string; newPassword: string }) =>
    api.post<boolean>('/system/auth/reset-password', body, silent),
  invitationByCode: (code: string) =>
    api.get<InvitationInfo>('/system/sztk_user/join/get-invitation-by-code', {
      query: { code },
      ...silent,
    }),
  suggestEnterprises: (keyword: string, signal?: AbortSignal) =>
    api.get<EnterpriseSuggestion[]>('/system/auth/enterprise-suggest', {
      query: { keyword, limit: 6 },
      signal,
      ...silent,
    }),
};
