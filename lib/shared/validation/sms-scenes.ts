// zod-free, so a dialog that only names a scene loads no zod with its page (issue 38).

/** SMS scenes: 21 login/bind, 4 password reset and verification, 6 phone change, 9 account deletion. */
export const SMS_SCENES = {
  login: 21,
  resetPassword: 4,
  changeMobile: 6,
  deleteAccount: 9,
} as const;
export type SmsScene = (typeof SMS_SCENES)[keyof typeof SMS_SCENES];
