/**
 * First-load JavaScript per page, read from a production build (no server, no browser).
 *
 *   npm run bench:first-load -- [/route …] [--dist .next] [--json]
 *
 * A page's first load is what its HTML asks for before anything loads on demand: the build's
 * root main files plus every segment entry of the page's client reference manifest (layouts,
 * error and not-found boundaries, the page). The polyfill chunk is left out (nomodule: current
 * browsers skip it). Each file is compressed on its own, gzip level 9 and Brotli quality 11,
 * and summed — the way docs/benchmarks/workspace.md has measured it by hand since issue 11.
 * Without routes it prints every app route, largest first.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Args {
  dist: string;
  routes: string[];
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dist: '.next', routes: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dist') args.dist = argv[++i];
    else if (argv[i] === '--json') args.json = true;
    else args.routes.push(argv[i]);
  }
  return args;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The manifest file assigns one global; evaluate only that object literal, never the file. */
function entryFilesOf(manifestFile: string): string[] {
  const text = fs.readFileSync(manifestFile, 'utf8');
  const start = text.indexOf('= {');
  if (start < 0) throw new Error(`unexpected manifest shape: ${manifestFile}`);
  const manifest = JSON.parse(text.slice(start + 2).replace(/;\s*$/, '')) as {
    entryJSFiles?: Record<string, string[]>;
  };
  return Object.values(manifest.entryJSFiles ?? {}).flat();
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizesOf(dist: string, file: string) {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const body = fs.readFileSync(path.join(dist, file));
  const sizes = {
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
  sizeCache.set(file, sizes);
  return sizes;
}

export interface FirstLoad {
  route: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export function firstLoadOf(dist: string, route: string): FirstLoad {
  const appRoutes = readJson<Record<string, string>>(
    path.join(dist, 'app-path-routes-manifest.json'),
  );
  const entry = Object.entries(appRoutes).find(([, r]) => r === route);
  if (!entry) throw new Error(`no page for ${route} in this build`);
  const manifestFile = path.join(dist, 'server/app', `${entry[0]}_client-reference-manifest.js`);
  const build = readJson<{ rootMainFiles: string[]; polyfillFiles: string[] }>(
    path.join(dist, 'build-manifest.json'),
  );
  const polyfills = new Set(build.polyfillFiles);
  const files = new Set(
    [...build.rootMainFiles, ...entryFilesOf(manifestFile)]
      .map((f) => f.replace(/^\/_next\//, ''))
      .filter((f) => f.endsWith('.js') && !polyfills.has(f)),
  );
  const total = { route, files: files.size, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const s = sizesOf(dist, file);
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.brotli += s.brotli;
  }
  return total;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const dist = path.resolve(args.dist);
  const routes = args.routes.length
    ? args.routes
    : Object.values(
        readJson<Record<string, string>>(path.join(dist, 'app-path-routes-manifest.json')),
      ).filter((r) => !/\.(xml|txt|ico|json)$|\/route$|^\/api\//.test(r));
  const results = routes
    .map((r) => firstLoadOf(dist, r))
    .sort((a, b) => (args.routes.length ? 0 : b.gzip - a.gzip));
  if (args.json) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('| page | files | gzip KB | Brotli KB | raw KB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results)
    console.log(`| ${r.route} | ${r.files} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${kb(r.raw)} |`);
}

main();
