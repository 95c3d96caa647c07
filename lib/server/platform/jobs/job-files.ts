import { randomBytes } from 'node:crypto';
import { getFileStorage } from '../files/files.service';
import { STORAGE_KEY_PATTERN } from '../files/storage.adapter';

/** A fresh storage key for a job file; the extension comes from the file name. */
export function newJobFileKey(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const key = `${randomBytes(16).toString('hex')}.${ext}`;
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`unsupported job file type: ${name}`);
  return key;
}

export async function putJobFile(key: string, mime: string, data: Buffer): Promise<void> {
  await getFileStorage().put(key, data, mime);
}

/** Stores a job's file under a fresh key. */
export async function storeJobFile(name: string, mime: string, data: Buffer): Promise<string> {
  const key = newJobFileKey(name);
  await putJobFile(key, mime, data);
  return key;
}

export async function readJobFile(key: string): Promise<Buffer | null> {
  return getFileStorage().get(key);
}

export async function removeJobFile(key: string): Promise<void> {
  await getFileStorage()
    .remove(key)
    .catch(() => undefined);
}

/**
 * A job's input file (an upload it works through) is named in its params as `inputFileKey`; it is
 * deleted once the job has ended, however it ended (succeeded, failed, cancelled or deleted).
 */
export async function removeInputFile(params: unknown): Promise<void> {
  const key = (params as { inputFileKey?: unknown } | null)?.inputFileKey;
  if (typeof key === 'string' && key) await removeJobFile(key);
}
