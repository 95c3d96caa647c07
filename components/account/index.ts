export { AccountCenter } from './AccountCenter';
export { AccountInfoModal } from './AccountInfoModal';
export { WechatBindDialog } from './WechatBindDialog';
export { ContactUsDialog } from './ContactUsDialog';
export { PROFILE_QUERY_KEY } from './account-session';
