import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '../db';
import { config } from '../config';
import { files } from '@/db/schema';
import { ApiError, apiError } from '../http/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { UPLOAD_FILE_TYPES } from '@/lib/shared/files/files.contract';
import { UPLOAD_MAX_BYTES } from '../http/body-limit';
import { createLocalDiskStorage } from './local-disk.storage';
import { createS3Storage } from './s3.storage';
import { STORAGE_KEY_PATTERN, type FileStorage } from './storage.adapter';

export type DetectedType = { mime: string; ext: (typeof UPLOAD_FILE_TYPES)[number] };

/** Identifies a file by its first bytes, never by its name or the client's content type. */
export function detectFileType(data: Buffer): DetectedType | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (
    data.length >= 6 &&
    (data.subarray(0, 6).toString('latin1') === 'GIF87a' ||
      data.subarray(0, 6).toString('latin1') === 'GIF89a')
  ) {
    return { mime: 'image/gif', ext: 'gif' };
  }
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-')
    return { mime: 'application/pdf', ext: 'pdf' };
  if (
    data.length >= 4 &&
    data[0] === 0x50 &&
    data[1] === 0x4b &&
    data[2] === 0x03 &&
    data[3] === 0x04
  ) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    };
  }
  return null;
}

const storageKey = Symbol.for('leadradar.files.storage');
type G = typeof globalThis & { [storageKey]?: FileStorage | null };

/** FILE_STORAGE=s3 selects object storage; local disk under DATA_DIR/files otherwise. */
export function getFileStorage(): FileStorage {
  const override = (globalThis as G)[storageKey];
  if (override) return override;
  if ((process.env.FILE_STORAGE || 'local').toLowerCase() === 's3') return createS3Storage();
  return createLocalDiskStorage(path.join(config.dataDir, 'files'));
}

export function setFileStorageForTests(storage: FileStorage | null): void {
  (globalThis as G)[storageKey] = storage;
}

/** Public URL of a stored file (served by GET /admin-api/infra/file/get/{key}). */
export function fileUrl(key: string): string {
  return `/admin-api/infra/file/get/${key}`;
}

export type StoredFile = { id: number; key: string; url: string; mime: string; size: number };

/**
 * Checks and stores an upload. `allowed` limits the detected types (e.g. png/jpg for avatars);
 * the key is random, so a URL cannot be guessed from another.
 */
export async function storeUpload(
  file: File,
  opts: {
    tenantId: number | null;
    userId: number | null;
    maxBytes: number;
    allowed: DetectedType['ext'][];
    typeError?: () => Error;
  },
): Promise<StoredFile> {
  if (file.size > opts.maxBytes)
    throw apiError('FILE_TOO_LARGE', { max: `${Math.round(opts.maxBytes / 1024 / 1024)}MB` });
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length > opts.maxBytes)
    throw apiError('FILE_TOO_LARGE', { max: `${Math.round(opts.maxBytes / 1024 / 1024)}MB` });
  const type = detectFileType(data);
  if (!type || !opts.allowed.includes(type.ext))
    throw opts.typeError?.() ?? apiError('FILE_TYPE_NOT_ALLOWED');
  const key = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await getFileStorage().put(key, data, type.mime);
  const [row] = await getDb()
    .insert(files)
    .values({
      tenantId: opts.tenantId,
      userId: opts.userId,
      storageKey: key,
      name: (file.name || key).slice(0, 200),
      mime: type.mime,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    })
    .returning({ id: files.id });
  return { id: row.id, key, url: fileUrl(key), mime: type.mime, size: data.length };
}

export async function readStoredFile(key: string): Promise<{ data: Buffer; mime: string } | null> {
  if (!STORAGE_KEY_PATTERN.test(key)) return null;
  const [row] = await getDb()
    .select({ mime: files.mime })
    .from(files)
    .where(eq(files.storageKey, key))
    .limit(1);
  if (!row) return null;
  const data = await getFileStorage().get(key);
  return data ? { data, mime: row.mime } : null;
}

/** A stored file as its own HTTP answer: long-cached (keys are random and never reused), sandboxed. */
export async function fileResponse(key: string): Promise<Response> {
  const file = await readStoredFile(key);
  if (!file) throw apiError('FILE_NOT_EXISTS');
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      'content-type': file.mime,
      'content-length': String(file.data.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

/** The generic upload (form field `file`): any accepted type up to the upload limit; its URL. */
export async function uploadFromForm(
  form: FormData,
  owner: { tenantId: number | null; userId: number },
): Promise<string> {
  const file = form.get('file');
  if (!(file instanceof File)) throw new ApiError(ERRORS.BAD_REQUEST.code, 'file: 请选择文件');
  const stored = await storeUpload(file, {
    tenantId: owner.tenantId,
    userId: owner.userId,
    maxBytes: UPLOAD_MAX_BYTES,
    allowed: [...UPLOAD_FILE_TYPES],
  });
  return stored.url;
}
