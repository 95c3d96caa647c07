import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { operationPath, type ContractShape } from '@/lib/shared/api/contract';
import { buildOpenApiDocument } from '../openapi';
import { getRoutes } from '../routes';

const ROOT = path.resolve(__dirname, '../../../../..');

/** Every `*.contract.ts` under lib/shared, loaded, with its exported contracts. */
function loadContracts(): { file: string; name: string; contract: ContractShape }[] {
  const found: { file: string; name: string; contract: ContractShape }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.contract.ts')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const mod = require(full) as Record<string, unknown>;
        const isContract = (c: Partial<ContractShape> | null): c is ContractShape =>
          !!c &&
          typeof c === 'object' &&
          typeof c.path === 'string' &&
          typeof c.method === 'string';
        for (const [name, value] of Object.entries(mod)) {
          const c = value as Partial<ContractShape> | null;
          if (isContract(c)) found.push({ file: path.relative(ROOT, full), name, contract: c });
          // A group of operations on one path (the openapi proxy's plans): one level down.
          else if (c && typeof c === 'object')
            for (const [op, inner] of Object.entries(c as Record<string, unknown>))
              if (isContract(inner as Partial<ContractShape>))
                found.push({
                  file: path.relative(ROOT, full),
                  name: `${name}.${op}`,
                  contract: inner as ContractShape,
                });
        }
      }
    }
  };
  walk(path.join(ROOT, 'lib/shared'));
  return found;
}

/** Validates with an OpenAPI 3.1 schema validator in a child process (the package is ESM only). */
function validateOpenApi(doc: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    process.stdin.on('data', (c) => (input += c));
    process.stdin.on('end', async () => {
      const result = await new Validator().validate(JSON.parse(input));
      process.stdout.write(JSON.stringify(result));
    });`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  return JSON.parse(out) as { valid: boolean; errors?: unknown };
}

describe('endpoint contracts', () => {
  const routes = getRoutes();
  const contracts = loadContracts();

  it('registers every route from a contract, once, and every contract as a route', () => {
    const key = (c: ContractShape) => `${c.method} ${operationPath(c)}`;
    const routeKeys = routes.map(key);
    expect(routeKeys.filter((k, i) => routeKeys.indexOf(k) !== i)).toEqual([]);
    const contractKeys = contracts.map((c) => key(c.contract));
    expect(contractKeys.filter((k, i) => contractKeys.indexOf(k) !== i)).toEqual([]);
    expect(routeKeys.filter((k) => !contractKeys.includes(k))).toEqual([]);
    expect(contractKeys.filter((k) => !routeKeys.includes(k))).toEqual([]);
  });

  it('gives every route a response schema', () => {
    const blind = routes.filter((r) => !r.response).map((r) => `${r.method} ${r.path}`);
    expect(blind).toEqual([]);
  });

  it('produces a valid OpenAPI 3.1 document that describes every answer', () => {
    const doc = buildOpenApiDocument('http://localhost:3000') as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const result = validateOpenApi(doc);
    expect(result.errors ?? null).toBeNull();
    expect(result.valid).toBe(true);
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations).toHaveLength(routes.length);
    const undocumented = routes.filter((r) => {
      const op = doc.paths[operationPath(r)][r.method.toLowerCase()];
      const body = JSON.stringify(op.responses['200']);
      return (r.responseKind ?? 'envelope') === 'envelope' && /"data":\{\}/.test(body);
    });
    expect(undocumented.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('keeps contracts out of server code: no contract file imports lib/server', () => {
    const offenders = [...new Set(contracts.map((c) => c.file))].filter((file) =>
      /from '@\/lib\/server|from '\.\.\/\.\.\/server/.test(
        fs.readFileSync(path.join(ROOT, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
