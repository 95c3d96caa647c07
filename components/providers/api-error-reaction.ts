import { ERRORS, findError } from '@/lib/shared/api/error-codes';

/** What the page shows for a failed API call that nobody handled (spec section 8). */
export type ApiErrorDisplay =
  /** nothing: silent codes (1002029000/1), the QR-login flow's codes, add-contact balance */
  | 'none'
  /** end the session, a warning if one was open, the login modal */
  | 'relogin'
  /** the 解锁额度不足 dialog with 前往 */
  | 'quotaDialog'
  /** success notification, review status set */
  | 'successNotice'
  /** an error message that stays until closed (501) */
  | 'persistent'
  /** a short error message (500) */
  | 'errorMessage'
  /** a warning message (901 read-only showcase) */
  | 'warningMessage'
  /** a 系统提示 error notification (any other code) */
  | 'notification';

/** The one decision of the global error bridge, by code (AppProviders' ApiErrorBridge acts on it). */
export function apiErrorDisplay(code: number): ApiErrorDisplay {
  const reaction = findError(code)?.reaction ?? 'notify';
  switch (reaction) {
    case 'silent':
    case 'qrFlow':
      return 'none';
    case 'relogin':
    case 'quotaDialog':
    case 'successNotice':
    case 'persistent':
      return reaction;
    default:
      break;
  }
  if (code === ERRORS.ADD_CONTACT_BALANCE_INSUFFICIENT.code) return 'none'; // caller reads data
  if (code === ERRORS.INTERNAL_SERVER_ERROR.code) return 'errorMessage';
  if (code === ERRORS.READ_ONLY.code) return 'warningMessage';
  return 'notification';
}
