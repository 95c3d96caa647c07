export {
  connectPush,
  onPushMessage,
  isOfflineMessage,
  OFFLINE_TEXT,
  RECONNECTED,
  pushIsOpen,
  onPushState,
} from './push-client';
export { usePushOpen } from './use-push-open';
export { readAgain } from './read-again';
export type { PushMessage } from './push-client';
