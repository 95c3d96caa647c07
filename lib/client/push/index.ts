export { connectPush, onPushMessage, isOfflineMessage, OFFLINE_TEXT } from './push-client';
export type { PushMessage } from './push-client';
