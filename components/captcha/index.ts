export { useCaptcha, CaptchaCancelledError } from './useCaptcha';
export type { UseCaptchaResult } from './useCaptcha';
export { Captcha } from './Captcha';
export { CAPTCHA_TITLE, CaptchaHostContext, useCaptchaHost } from './captcha-host';
export type { CaptchaProps } from './Captcha';
export { SliderCaptcha } from './SliderCaptcha';
export { ClickWordCaptcha } from './ClickWordCaptcha';
export { SmsCodeButton } from './SmsCodeButton';
export type { SmsCodeButtonProps, SmsScene } from './SmsCodeButton';
