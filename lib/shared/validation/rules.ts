import { z } from 'zod';
import type { SmsScene } from './sms-scenes';

/**
 * One zod schema per rule of spec section 5, with the messages users read. The login, account and
 * profile forms validate with these, and the API root validates request bodies with the same ones.
 */

export const VALIDATION_MESSAGES = {
  usernameRequired: '用户名不能为空',
  loginPasswordRequired: '请输入正确的密码',
  loginPasswordLength: '密码长度为4-16位',
  mobileInvalid: '请输入正确的手机号码',
  sendCodeMobileInvalid: '请正确输入手机号',
  smsCodeRequired: '请输入正确的验证码',
  smsCodeInvalid: '验证码错误，请重新填写',
  consentRequired: '请阅读并同意服务协议和隐私协议',
  passwordRequired: '请输入密码',
  passwordLength: '请输入8-16位字符组成的密码',
  passwordLettersDigits: '密码必须包含字母和数字',
  passwordNoChinese: '密码不能包含中文字符',
  passwordMismatch: '两次输入的密码不一致',
  nicknameRequired: '请输入昵称',
  nicknameLength: '请输入2-30个字符的昵称',
  phoneRequired: '请输入电话号码',
  phoneLength: '请输入11位电话号码',
  codeRequired: '请输入验证码',
  avatarType: '只能上传 .jpg、.png 格式的文件',
  avatarSize: '图片大小不能超过 2MB',
  emailInvalid: '请输入正确的邮箱地址',
  linkInvalid: '请输入以 http(s):、mailto: 或 tel: 开头的链接',
} as const;

const M = VALIDATION_MESSAGES;

/** Mainland mobile: 11 digits, starts with 1, second digit 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Login: account name, required and not blank. */
export const loginUsernameSchema = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .max(64, M.usernameRequired);

/** Login: password of 4-16 characters (older accounts may have short passwords). */
export const loginPasswordSchema = z
  .string({ error: M.loginPasswordRequired })
  .min(1, M.loginPasswordRequired)
  .min(4, M.loginPasswordLength)
  .max(16, M.loginPasswordLength);

/** Phone on the login, SMS and bind forms. */
export const mobileSchema = z
  .string({ error: M.mobileInvalid })
  .trim()
  .regex(MOBILE_PATTERN, M.mobileInvalid);

/** Phone before sending a code. */
export const sendCodeMobileSchema = z
  .string({ error: M.sendCodeMobileInvalid })
  .trim()
  .regex(MOBILE_PATTERN, M.sendCodeMobileInvalid);

/** SMS code: required, exactly 6 digits. */
export const smsCodeSchema = z
  .string({ error: M.smsCodeRequired })
  .trim()
  .min(1, M.smsCodeRequired)
  .max(6, M.smsCodeInvalid)
  .regex(/^\d{6}$/, M.smsCodeInvalid);

/** Consent to the service and privacy agreements must be ticked. */
export const consentSchema = z.literal(true, { error: M.consentRequired });

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Setting, resetting or changing a password: 8-16 characters, letters and digits, no Chinese. */
export const newPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(8, M.passwordLength)
  .max(16, M.passwordLength)
  .refine((v) => !CHINESE.test(v), M.passwordNoChinese)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), M.passwordLettersDigits);

/** Two password entries must match; wraps any object schema with `password` and `confirmPassword`. */
export function withPasswordConfirmation<
  S extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodType<string> }>,
>(schema: S) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: M.passwordMismatch,
    path: ['confirmPassword'],
  });
}

/** The set-password form (password + confirmation + SMS code). */
export const setPasswordFormSchema = withPasswordConfirmation(
  z.object({ password: newPasswordSchema, confirmPassword: z.string(), code: smsCodeSchema }),
);

/** Profile nickname: required, 2-30 characters. */
export const nicknameSchema = z
  .string({ error: M.nicknameRequired })
  .trim()
  .min(1, M.nicknameRequired)
  .min(2, M.nicknameLength)
  .max(30, M.nicknameLength);

/** Phone on the change form: required, exactly 11 characters. */
export const changeFormPhoneSchema = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, M.phoneRequired)
  .length(11, M.phoneLength);

/** Verification code on the change and account-deletion forms: required. */
export const changeFormCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired);

/** Password on the change form: required, 8-16 characters. */
export const changeFormPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(8, M.passwordLength)
  .max(16, M.passwordLength);

/** E-mail: letters, digits, _ . + - before @, domain suffix of 2-4 letters. */
export const emailSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/, M.emailInvalid);

/** Link: starts with http(s):, mailto: or tel:. */
export const linkSchema = z
  .string()
  .trim()
  .regex(/^(https?:|mailto:|tel:)/, M.linkInvalid);

/** Avatar upload limits (type is checked by content on the server). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

export { SMS_SCENES, type SmsScene } from './sms-scenes';
export const smsSceneSchema = z.coerce
  .number()
  .refine((v): v is SmsScene => v === 21 || v === 4 || v === 6 || v === 9, '不支持的验证码场景');

/** Shows 138****0000. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
