import 'server-only';

/** JSON bodies of the API root: far above any form, far below what could hurt the process. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** The largest file of an ordinary upload (avatars, logos, attachments). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A multipart body carries one file plus its field headers and boundaries. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * The BFF's gate for a multipart body whose route declares no size of its own (lead imports are
 * 20 MB); a route that declares more (content imports) is gated at its own size instead.
 */
export const LARGEST_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The multipart limit of a route that declares its own upload size (`maxUploadBytes`). */
export function multipartLimit(maxUploadBytes?: number): number {
  return (maxUploadBytes ?? UPLOAD_MAX_BYTES) + MULTIPART_OVERHEAD;
}

/** A request body over its limit, detected from Content-Length or while it streams in. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body exceeds ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The limit for a request, chosen by its declared content type and, for a file upload, by the
 * size its route declares (`routeUploadBytes`, looked up only for a multipart body) when that is above the usual largest.
 */
export function bodyLimitFor(
  headers: Headers,
  routeUploadBytes: () => number | undefined = () => undefined,
): number {
  const type = headers.get('content-type') || '';
  return type.toLowerCase().startsWith('multipart/')
    ? multipartLimit(Math.max(LARGEST_UPLOAD_BYTES, routeUploadBytes() ?? 0))
    : JSON_BODY_MAX_BYTES;
}

/**
 * Reads the body but never more than `maxBytes`: refused up front when Content-Length says so,
 * and the stream is cancelled as soon as the running total passes the limit (a client may lie or
 * send chunked), so a 150 MB upload is never buffered.
 */
export async function readBodyLimited(
  req: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** "1 MB", "10 MB": the limit as users read it. */
export function formatBytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
