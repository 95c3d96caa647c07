import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { config } from '@/lib/server/platform';

/**
 * The admin upload's file between the request and its background job (issue 17): written to
 * DATA_DIR/content-imports as it streams out of the request, read line by line by the job, deleted
 * when the job is done. The job row keeps only the file's name, never its text.
 */
export function contentImportDir(): string {
  return path.join(config.dataDir, 'content-imports');
}

const NAME = /^[0-9a-f-]{36}\.(jsonl|md)$/;

/** Streams an uploaded file to a new file of the import folder; answers its name there. */
export async function saveContentUpload(file: Blob, format: 'jsonl' | 'md'): Promise<string> {
  const dir = contentImportDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${format}`;
  const target = path.join(dir, name);
  try {
    await pipeline(
      Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>),
      fs.createWriteStream(target, { flags: 'wx' }),
    );
  } catch (err) {
    await fs.promises.rm(target, { force: true });
    throw err;
  }
  return name;
}

/** The path of a stored upload by its name (names are generated: nothing else is opened). */
export function contentUploadPath(name: string): string {
  if (!NAME.test(name)) throw new Error(`不是导入文件名：${name}`);
  return path.join(contentImportDir(), name);
}

export async function removeContentUpload(name: string): Promise<void> {
  await fs.promises.rm(contentUploadPath(name), { force: true });
}
