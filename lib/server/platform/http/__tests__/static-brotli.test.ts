import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createStaticBrotli, type StaticBrotli } from '../static-brotli';

/** A script that compresses well, like a real chunk (repeated identifiers and strings). */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `var a${i}=function(e){return e+"企业${i}"};`)
  .join('\n')
  .concat('\n');

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let distDir: string;
let brotli: StaticBrotli;
let server: http.Server;
let base: string;

function get(urlPath: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const BR = { 'accept-encoding': 'gzip, deflate, br' };

beforeEach(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lr-static-br-'));
  await fs.mkdir(path.join(distDir, 'static', 'chunks'), { recursive: true });
  await fs.mkdir(path.join(distDir, 'static', 'css'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'static', 'chunks', 'a1b2c3.js'), SCRIPT);
  await fs.writeFile(path.join(distDir, 'static', 'css', 'x9.css'), SCRIPT.replace(/var/g, '.c'));
  await fs.writeFile(path.join(distDir, 'static', 'chunks', 'tiny.js'), 'var x=1;');
  await fs.writeFile(path.join(distDir, 'secret.js'), SCRIPT);
  brotli = createStaticBrotli({ distDir });
  // What Next would answer: anything not taken by the Brotli server.
  server = http.createServer((req, res) => {
    if (brotli.serve(req, res)) return;
    res.writeHead(200, { 'x-answered-by': 'next' });
    res.end('next');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('static assets in Brotli', () => {
  it('serves the compressed copy, whole and with the headers an immutable asset needs', async () => {
    expect(await brotli.warm()).toBe(2); // the script and the style; the tiny file is skipped
    const res = await get('/_next/static/chunks/a1b2c3.js?dpl=1', BR);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);

    const css = await get('/_next/static/css/x9.css', BR);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');

    const head = await get('/_next/static/chunks/a1b2c3.js', BR, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('leaves clients without Brotli, small files and anything else to Next', async () => {
    await brotli.warm();
    const plain = await get('/_next/static/chunks/a1b2c3.js', { 'accept-encoding': 'gzip' });
    expect(plain.headers['x-answered-by']).toBe('next');
    expect((await get('/_next/static/chunks/tiny.js', BR)).headers['x-answered-by']).toBe('next');
    expect((await get('/_next/static/chunks/none.js', BR)).headers['x-answered-by']).toBe('next');
    // Made-up names are never compressed nor remembered.
    await get('/_next/static/chunks/made-up-1.js', BR);
    const copies = await fs.readdir(path.join(distDir, 'cache', 'static-br', 'chunks'));
    expect(copies.sort()).toEqual(['a1b2c3.js.br']);
    expect((await get('/companySearch', BR)).headers['x-answered-by']).toBe('next');
    const post = await get('/_next/static/chunks/a1b2c3.js', BR, 'POST');
    expect(post.headers['x-answered-by']).toBe('next');
  });

  it('never reads outside the build’s static folder', async () => {
    await brotli.warm();
    for (const p of [
      '/_next/static/../secret.js',
      '/_next/static/chunks/../../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static/chunks/..%2f..%2fsecret.js',
    ]) {
      const res = await get(p, BR);
      expect(res.headers['x-answered-by']).toBe('next');
    }
  });

  it('compresses a file on its first request, off the request path, and serves it after', async () => {
    const first = await get('/_next/static/chunks/a1b2c3.js', BR);
    expect(first.headers['x-answered-by']).toBe('next');
    let later: Answer = first;
    for (let i = 0; i < 500 && later.headers['content-encoding'] !== 'br'; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      later = await get('/_next/static/chunks/a1b2c3.js', BR);
    }
    expect(later.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(later.body).toString()).toBe(SCRIPT);
  });

  it('keeps copies across restarts and remakes one older than its source', async () => {
    expect(await brotli.warm()).toBe(2);
    expect(await createStaticBrotli({ distDir }).warm()).toBe(0);
    const source = path.join(distDir, 'static', 'chunks', 'a1b2c3.js');
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(source, later, later);
    expect(await createStaticBrotli({ distDir }).warm()).toBe(1);
  });
});
