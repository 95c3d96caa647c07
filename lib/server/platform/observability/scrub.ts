/**
 * What never reaches a log (issue 37 item 2): secrets by field name, and in free text the shapes
 * that give a person or a credential away. Applied to every line by the logger, so a careless
 * `log.info(\`…${mobile}\`)` is masked too.
 */

/** Field names whose values are secrets or personal data, wherever they sit in a logged object. */
export const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'set-cookie',
  'captchaVerification',
  'smsCode',
  'code',
  'secret',
  'secretKey',
  'apiKey',
  'mobile',
  'phone',
  'email',
] as const;

export const REDACTED = '[已隐去]';

const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const SECRET_PARAM =
  /\b(token|access_token|refresh_token|password|code|captchaVerification)=([^&\s"]+)/gi;
const SMS_CODE = /(验证码[：:\s]*)\d{4,8}/g;
// A cookie header as text keeps nothing after its name; a sealed session (iron-session's
// `Fe26.2*…`) is hidden wherever it appears.
const COOKIE_HEADER = /\b((?:set-)?cookie)(\s*[:=]\s*)[^\n]+/gi;
const IRON_SEAL = /Fe26\.2\*[^\s;,"']+/g;
const EMAIL = /\b([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})\b/g;

/**
 * Masks mobile numbers, bearer tokens, cookies, secret query parameters, SMS codes and e-mail
 * names.
 */
export function scrubText(text: string): string {
  return text
    .replace(MOBILE, '$1****$2')
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(COOKIE_HEADER, `$1$2${REDACTED}`)
    .replace(IRON_SEAL, REDACTED)
    .replace(SECRET_PARAM, `$1=${REDACTED}`)
    .replace(SMS_CODE, `$1${REDACTED}`)
    .replace(EMAIL, '$1***@$2');
}
