import { storeUpload, apiError } from '@/lib/server/platform';
import type { ContentAttachmentRow } from '@/db/schema/content';
import { ImportRejection } from './parse';

/** Largest attachment file an import stores. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Stores an attachment's bytes through the file storage (type checked by content: PDF, Excel or an
 * image) and answers the row the content keeps; anything else rejects the item with a reason.
 */
export async function storeAttachmentBytes(
  name: string,
  data: Buffer,
): Promise<ContentAttachmentRow> {
  try {
    const stored = await storeUpload(new File([new Uint8Array(data)], name), {
      tenantId: null,
      userId: null,
      maxBytes: ATTACHMENT_MAX_BYTES,
      allowed: ['pdf', 'xlsx', 'png', 'jpg', 'gif', 'webp'],
      typeError: () => apiError('FILE_TYPE_NOT_ALLOWED'),
    });
    return { name, url: stored.url, size: stored.size };
  } catch (err) {
    throw new ImportRejection(
      `附件“${name}”未能保存：${(err as { msg?: string }).msg ?? (err as Error).message}（支持 PDF、xlsx 和图片，≤ 20 MB）`,
    );
  }
}
