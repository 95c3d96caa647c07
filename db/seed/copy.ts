import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** COPY text-format encoders. NULL is \N; backslash, tab and newlines are escaped. */
const SPECIAL = /[\\\t\n\r]/;

export function copyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (!SPECIAL.test(value)) return value;
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

export function copyNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '\\N' : String(value);
}

export function copyBool(value: boolean): string {
  return value ? 't' : 'f';
}

/** A text[] literal with every element quoted, then escaped for COPY. */
export function copyArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    out += `${i ? ',' : ''}"${/["\\]/.test(v) ? v.replace(/(["\\])/g, '\\$1') : v}"`;
  }
  return copyText(`${out}}`);
}

export function copyJson(value: unknown): string {
  return value === null || value === undefined ? '\\N' : copyText(JSON.stringify(value));
}

const FLUSH_BYTES = 1 << 19;

/**
 * One table's COPY FROM STDIN on its own connection and transaction. Rows are buffered and sent
 * in ~512 KB chunks; callers await drain() between batches so memory stays flat.
 */
export class CopyWriter {
  rows = 0;
  private client: pg.Client | null = null;
  private stream: Writable | null = null;
  private chunks: string[] = [];
  private size = 0;
  private needsDrain = false;
  private error: Error | null = null;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  /** freeze: truncate and COPY ... FREEZE in one transaction (only for tables loaded from empty). */
  async open(config: pg.ClientConfig, freeze: boolean): Promise<void> {
    this.client = new pg.Client({ ...config, statement_timeout: 0 });
    await this.client.connect();
    await this.client.query('set synchronous_commit = off');
    // A bulk load is no edit: the page-version triggers (migration 0015) skip it.
    await this.client.query(`set leadradar.bulk_load = 'on'`);
    await this.client.query('begin');
    if (freeze) await this.client.query(`truncate ${this.table}`);
    const sql = `copy ${this.table} (${this.columns.join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`;
    this.stream = this.client.query(copyFrom(sql));
    this.stream.on('error', (err: Error) => {
      this.error ??= err;
    });
  }

  /** COPY on the caller's connection, inside the caller's transaction (finish() ends it). */
  openOn(client: pg.Client): void {
    const sql = `copy ${this.table} (${this.columns.join(', ')}) from stdin`;
    this.stream = client.query(copyFrom(sql));
    this.stream.on('error', (err: Error) => {
      this.error ??= err;
    });
  }

  /** Sends what is buffered and ends the COPY (the transaction stays open). */
  async finish(): Promise<void> {
    if (!this.stream) return;
    this.flush();
    this.stream.end();
    await finished(this.stream);
    this.stream = null;
    if (this.error) throw this.error;
  }

  write(line: string): void {
    this.chunks.push(line);
    this.size += line.length;
    this.rows++;
    if (this.size >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (!this.chunks.length || !this.stream) return;
    const ok = this.stream.write(this.chunks.join(''));
    this.chunks = [];
    this.size = 0;
    if (!ok) this.needsDrain = true;
  }

  async drain(): Promise<void> {
    if (this.error) throw this.error;
    if (!this.needsDrain || !this.stream) return;
    const stream = this.stream;
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (err: Error) => {
        stream.off('drain', onDrain);
        reject(err);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
    this.needsDrain = false;
  }

  async close(): Promise<void> {
    if (!this.stream || !this.client) return;
    await this.finish();
    await this.client.query('commit');
    await this.client.end();
    this.client = null;
  }

  async abort(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Ending the connection rolls the transaction back; the COPY stream dies with it.
    await client.end().catch(() => undefined);
  }
}
