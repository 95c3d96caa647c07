'use client';

import type { useAppProps } from 'antd/es/app/context';
import { ApiClientError } from '@/lib/client/request';
import { ERRORS, findError } from '@/lib/shared/api/error-codes';
import { call } from '@/lib/client/request';
import { goToLogin, sessionStore } from '@/lib/client/session';
import { openMemberCenter } from '@/components/vip/member-center-store';
import { requestUpgrade } from '@/lib/shared/vip/vip.endpoints';
import { upgradeOffer } from '@/lib/shared/vip/vip-gates';
import { useFeedback } from '@/lib/client/feedback';

type ModalApi = useAppProps['modal'];
type MessageApi = useAppProps['message'];

// One dialog at a time, however many listeners and buttons report the same failure.
let open = false;

export function isQuotaError(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && findError(err.code)?.reaction === 'quotaDialog';
}

/** Spec 8: 1004011000 / 1004011001 → confirm dialog 解锁额度不足 with 前往. */
export function openQuotaDialog(
  modal: ModalApi,
  err?: ApiClientError,
  messageApi?: MessageApi,
): void {
  if (open) return;
  open = true;
  const text =
    err?.code === ERRORS.UNLOCK_NOT_IN_EDITION.code
      ? '当前版本不含联系方式解锁，升级会员后即可解锁企业联系方式。'
      : '本企业的解锁额度已用完，升级会员可获得更多解锁额度。';
  // Issue 28 item 7: a member who may not buy is not sent to a member centre they cannot use;
  // they notify the administrators (rate-limited on the server) from here.
  const askAdmin = upgradeOffer(sessionStore.getSnapshot().roles) === 'askAdmin';
  modal.confirm({
    title: '解锁额度不足',
    content: askAdmin ? `${text}仅企业管理员可以开通会员，可通知管理员升级。` : text,
    okText: askAdmin ? '通知管理员' : '前往',
    cancelText: '取消',
    // The member centre's cash modal (or its page where no shell is mounted).
    onOk: askAdmin
      ? () =>
          call(requestUpgrade, { body: {} }, { silent: true }).then(
            (r) =>
              void (r.alreadyRequested
                ? messageApi?.info('今天已通知过管理员，请耐心等待')
                : messageApi?.success(`已通知 ${r.notified} 位管理员`)),
            () => void messageApi?.error('通知失败，请稍后重试'),
          )
      : () => openMemberCenter(),
    afterClose: () => {
      open = false;
    },
  });
}

/**
 * What a row action does with a failure: quota codes open the dialog, a lost session goes to
 * login, everything else is a message. Calls pass `silent` so nothing else reacts as well.
 */
export function handleActionError(
  err: unknown,
  { modal, message }: { modal: ModalApi; message: MessageApi },
): void {
  if (isQuotaError(err)) return openQuotaDialog(modal, err, message);
  if (err instanceof ApiClientError && err.code === ERRORS.UNAUTHORIZED.code) return goToLogin();
  if (err instanceof ApiClientError) {
    message.error(err.message);
    return;
  }
  if ((err as Error)?.name !== 'AbortError') message.error('操作失败，请稍后重试');
}

/** The hook form of handleActionError (the page's feedback APIs). */
export function useActionError(): (err: unknown) => void {
  const { modal, message } = useFeedback();
  return (err) => handleActionError(err, { modal, message });
}
