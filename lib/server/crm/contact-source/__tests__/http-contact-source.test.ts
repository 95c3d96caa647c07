import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpContactSource } from '../http-contact-source';
import type { CompanyRef } from '../contact-source';

/** A real provider is an HTTP service: these tests run one on a local port and vary its answers. */

const company: CompanyRef = {
  id: 7,
  name: '厦门示例科技有限公司',
  uncid: '91350200MA0000007X',
  legalPerson: '王建国',
  website: 'www.shili7.com',
  cityCode: '350200',
  address: '厦门市思明区示例路1号',
};

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

let handler: Handler;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/collect`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const source = (timeoutMs = 2000, apiKey: string | null = 'k-123') =>
  createHttpContactSource({ url, apiKey: apiKey ?? undefined, timeoutMs, concurrency: 4 });

function json(res: http.ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

describe('HTTP contact source', () => {
  it('posts the company with the bearer key and returns the contacts it answers', async () => {
    let seen: { method?: string; auth?: string; body?: unknown } = {};
    handler = (req, body, res) => {
      seen = { method: req.method, auth: req.headers.authorization, body: JSON.parse(body) };
      json(res, 200, {
        contacts: [{ type: 'mobile', value: '13812345678', source: '官网', personName: '王建国' }],
      });
    };
    const found = await source().collect(company);
    expect(seen).toEqual({ method: 'POST', auth: 'Bearer k-123', body: company });
    expect(found).toEqual([
      { type: 'mobile', value: '13812345678', source: '官网', personName: '王建国' },
    ]);
  });

  it('sends no authorization header without a key', async () => {
    let auth: string | undefined = 'unset';
    handler = (req, _body, res) => {
      auth = req.headers.authorization;
      json(res, 200, { contacts: [] });
    };
    await expect(source(2000, null).collect(company)).resolves.toEqual([]);
    expect(auth).toBeUndefined();
  });

  it('treats an answer without a contact list as nothing found', async () => {
    handler = (_req, _body, res) => json(res, 200, { contacts: 'none' });
    await expect(source().collect(company)).resolves.toEqual([]);
  });

  it('fails for that company on an error status', async () => {
    handler = (_req, _body, res) => json(res, 503, { message: 'quota' });
    await expect(source().collect(company)).rejects.toThrow('503');
  });

  it('fails on a body that is not JSON', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>维护中</html>');
    };
    await expect(source().collect(company)).rejects.toThrow();
  });

  it('gives up after its timeout instead of waiting for a stalled provider', async () => {
    handler = () => undefined; // never answers
    await expect(source(150).collect(company)).rejects.toThrow();
  });

  it('stops when the job is cancelled', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    const pending = source(10_000).collect(company, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
