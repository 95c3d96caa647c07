import { listensBeyondLoopback } from '../http/loopback';

/**
 * The start-up warning of a demo that other machines can reach (issue 28 item 3): the demo
 * accounts' passwords are public, and DEMO_SMS_CODE_IN_RESPONSE=1 hands any visitor their SMS
 * codes. Null when nothing needs saying (not demo mode, or listening on loopback only).
 */
export function demoExposureWarning(opts: {
  demoMode: boolean;
  host: string;
  codeInResponse: boolean;
}): string | null {
  if (!opts.demoMode || !listensBeyondLoopback(opts.host)) return null;
  const codes = opts.codeInResponse
    ? 'DEMO_SMS_CODE_IN_RESPONSE=1：任何访问者都会在页面上拿到演示账号的短信验证码'
    : '演示短信验证码只返回给本机访问（日志中的验证码已隐去，其他访问者拿不到）';
  return (
    `警告：演示模式（DEMO_MODE=1）正在监听 ${opts.host}，其他机器可以访问。` +
    `演示账号的密码是公开的，${codes}。` +
    '对外部署请设置 DEMO_MODE=0，或设置 HOST=127.0.0.1 只供本机使用。'
  );
}
