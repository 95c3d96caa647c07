/**
 * Messages an embedded platform page (an iframe of this origin, such as the AI employee's
 * workspace) posts to the app (spec 4.1).
 */
export const FRAME_MESSAGE_TYPES = {
  /** The frame shows its own login page: the session ended there, so it ends here too. */
  loginPageLoaded: 'LOGIN_PAGE_LOADED',
  /** The frame has loaded its application page. */
  appPageLoaded: 'APP_PAGE_LOADED',
} as const;

export type FrameMessage = 'login-page-loaded' | 'app-page-loaded';

/** Reads a window message; anything from another origin or of another type is ignored. */
export function readFrameMessage(
  ev: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string,
): FrameMessage | null {
  if (ev.origin !== ownOrigin) return null;
  const data: unknown = ev.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : null;
  if (type === FRAME_MESSAGE_TYPES.loginPageLoaded) return 'login-page-loaded';
  if (type === FRAME_MESSAGE_TYPES.appPageLoaded) return 'app-page-loaded';
  return null;
}
