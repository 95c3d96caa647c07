export {
  connectPush,
  onPushMessage,
  isOfflineMessage,
  OFFLINE_TEXT,
  RECONNECTED,
} from './push-client';
export type { PushMessage } from './push-client';
