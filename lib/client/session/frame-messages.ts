/**
 * Messages an embedded platform page posts to the app (spec 4.1): an iframe of this origin (the
 * AI employee's workspace), or a partner platform's page inside a workspace frame (ADR 0206),
 * heard only while that frame is open and only from that frame.
 */
export const FRAME_MESSAGE_TYPES = {
  /** The frame shows its own login page: the session ended there, so it ends here too. */
  loginPageLoaded: 'LOGIN_PAGE_LOADED',
  /** The frame has loaded its application page. */
  appPageLoaded: 'APP_PAGE_LOADED',
} as const;

export type FrameMessage = 'login-page-loaded' | 'app-page-loaded';

type TrustedFrame = { origin: string; isSource: (source: unknown) => boolean };
const trusted = new Set<TrustedFrame>();

/**
 * Hears a partner frame while it is open: its messages count when they come from its origin and
 * from that very window. Returns the way to stop.
 */
export function trustFrame(origin: string, isSource: (source: unknown) => boolean): () => void {
  const frame = { origin, isSource };
  trusted.add(frame);
  return () => void trusted.delete(frame);
}

function fromTrustedFrame(ev: { origin: string; source?: unknown }): boolean {
  for (const frame of trusted)
    if (frame.origin === ev.origin && frame.isSource(ev.source)) return true;
  return false;
}

const MAX_FIELDS = 8;

/** `{ type, …a few plain fields }`: anything else is not a platform message. */
function messageType(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields = Object.entries(data);
  if (fields.length > MAX_FIELDS) return null;
  const plain = fields.every(
    ([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
  );
  return plain ? (data as { type?: unknown }).type : null;
}

/** Reads a window message; anything from another origin, or of another type or shape, is ignored. */
export function readFrameMessage(
  ev: Pick<MessageEvent, 'origin' | 'data'> & { source?: unknown },
  ownOrigin: string,
): FrameMessage | null {
  if (ev.origin !== ownOrigin && !fromTrustedFrame(ev)) return null;
  const type = messageType(ev.data);
  if (type === FRAME_MESSAGE_TYPES.loginPageLoaded) return 'login-page-loaded';
  if (type === FRAME_MESSAGE_TYPES.appPageLoaded) return 'app-page-loaded';
  return null;
}
