'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, ApiClientError } from '@/lib/client/request';
import { loadSession, logout } from '@/lib/client/session';
import type { SztkProfile } from '@/lib/server/user/profile.service';
import { SOCIAL_TYPE_WECHAT_MP } from '@/lib/server/wechat/wechat.adapter';

export const PROFILE_QUERY_KEY = ['account', 'profile'] as const;

export type QrTicket = { ticket: string; url: string; expireSeconds: number };

/** Typed calls of the account centre (spec 7.1), all through the BFF and silent: dialogs say what failed. */
export const accountApi = {
  profile: () => api.get<SztkProfile>('/system/sztk_user/profile/get', { silent: true }),
  updateNickname: (nickname: string) =>
    api.put<boolean>('/system/sztk_user/profile/update', { nickname }, { silent: true }),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatarFile', file);
    return apiRequest<string>('POST', '/system/sztk_user/profile/update-avatar', {
      form,
      silent: true,
    });
  },
  verifyCurrentMobile: (mobile: string, verificationCode: string) =>
    api.post<string>(
      '/system/user/profile/verify-current-mobile',
      { mobile, verificationCode },
      { silent: true },
    ),
  updateMobile: (mobile: string, verificationCode: string, authCode: string) =>
    api.put<boolean>(
      '/system/user/profile/update-user-mobile',
      { mobile, verificationCode, authCode },
      { silent: true },
    ),
  resetPassword: (verificationCode: string, newPassword: string) =>
    api.put<boolean>(
      '/system/user/profile/reset-self-password',
      { verificationCode, newPassword },
      { silent: true },
    ),
  deleteAccount: (mobile: string, verificationCode: string) =>
    apiRequest<boolean>('DELETE', '/system/sztk_user/profile/delete-account', {
      body: { mobile, verificationCode },
      silent: true,
    }),
  createBindTicket: () =>
    api.get<QrTicket>('/mp/qrcode/create-qrcode-ticket', {
      query: { scene: 'bind' },
      silent: true,
    }),
  bindStatus: (ticket: string) =>
    api.get<number>('/mp/qrcode/get-qrcode-status', { query: { ticket }, silent: true }),
  unbindWechat: (openid: string) =>
    apiRequest<boolean>('DELETE', '/system/social-user/unbind', {
      body: { type: SOCIAL_TYPE_WECHAT_MP, openid },
      silent: true,
    }),
};

/** The signed-in user's account-centre data; `signedOut` when the BFF answers 401. */
export function useAccountProfile() {
  const query = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: accountApi.profile, retry: 0 });
  const signedOut = query.error instanceof ApiClientError && query.error.code === 401;
  return { ...query, signedOut };
}

/** After a change: reload the account centre and the session the header shows (spec 4.7). */
export function useReloadProfile(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    await loadSession().catch(() => undefined);
  };
}

/** Ends the session (BFF drops the cookie) and leaves with a full load, so no stale state stays. */
export async function logoutAndGo(path: string, delayMs = 0): Promise<void> {
  await logout();
  // A delay lets the success message be read before the page changes.
  window.setTimeout(() => window.location.assign(path), delayMs);
}

/** The message a failed call should show, or `fallback` for transport-level failures. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiClientError && err.message ? err.message : fallback;
}
