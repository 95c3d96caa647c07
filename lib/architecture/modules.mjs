/**
 * The floor plan of the server code (ADR 0170): modules of `lib/server`, bottom to top. A module
 * imports only modules before it in this list, and only through their front door
 * (`lib/server/<module>/index.ts`); inside a module, anything. `edge` is the top: API dispatch,
 * the route registry, OpenAPI, BFF forwarding, job kinds, sockets, sitemaps and the page cache.
 * `npm run lint` enforces it (eslint.config.mjs), and lib/architecture/__tests__ proves the rule
 * fires on a planted bad import.
 */
export const SERVER_MODULES = [
  {
    name: 'platform',
    holds:
      'database, HTTP kernel (errors, client info, defineRoute), push, files, SMS adapters, rate limits, jobs runner, session cookie, audit',
  },
  {
    name: 'identity',
    holds:
      'auth, users, tenants, departments, roles, permissions, data scope, invitations, menus, WeChat, captcha, notifications, feature navigation, layout settings, park entry',
  },
  { name: 'commerce', holds: 'editions, quota, orders and payments' },
  {
    name: 'enterprise',
    holds: 'company data, tabs, graphs, unlock, favourites, export, headline counts',
  },
  {
    name: 'search',
    holds: 'company search, advanced search, the parser that turns words into conditions',
  },
  { name: 'content', holds: 'policies, subsidies, reports, news, topics and their import' },
  {
    name: 'crm',
    holds:
      'leads, lead import/export, customers, opportunities, saved views, contact collection, the workbench',
  },
  { name: 'ai', holds: 'the AI assistant: understanding, replies, threads, AI exports' },
  {
    name: 'edge',
    holds:
      'API dispatch, route registry, OpenAPI, BFF, job kinds, sockets, sitemap, page cache, server-render seeds',
  },
];

/** Code that is not a module and may reach inside modules: tests, scripts, seeds. */
export const OUTSIDE_THE_RULE = ['**/__tests__/**', 'test/**', 'e2e/**', 'scripts/**', 'db/**'];

/** `import/no-restricted-paths` zones for the table above. */
export function moduleZones() {
  const names = SERVER_MODULES.map((m) => m.name);
  const zones = [];
  names.forEach((name, i) => {
    const above = names.slice(i + 1);
    if (above.length > 0) {
      zones.push({
        target: `./lib/server/${name}`,
        from: above.map((u) => `./lib/server/${u}`),
        message: `${name} may import only modules below it (${names.slice(0, i).join(', ') || 'none'}); see lib/architecture/modules.mjs`,
      });
    }
    zones.push({
      target: [
        ...names.filter((other) => other !== name).map((other) => `./lib/server/${other}/**`),
        './app/**',
        './components/**',
        './lib/client/**',
        './lib/shared/**',
        './server.ts',
        './proxy.ts',
      ],
      from: `./lib/server/${name}`,
      // outside-next.ts: the one file plain Node processes import before any server module (it
      // neutralises `server-only`, which every front door imports first). proxy-door.ts: the
      // subset of the front door that proxy.ts loads (ADR 0175).
      except:
        name === 'platform'
          ? ['./index.ts', './proxy-door.ts', './outside-next.ts']
          : ['./index.ts', './proxy-door.ts'],
      message: `import ${name} through its front door '@/lib/server/${name}' (lib/server/${name}/index.ts)`,
    });
    zones.push({
      target: `./lib/server/${name}/**`,
      from: `./lib/server/${name}/index.ts`,
      message: `inside ${name}, import the file itself, not the module's own front door (a cycle)`,
    });
  });
  zones.push({
    target: './lib/shared',
    from: ['./lib/server', './lib/client', './components', './app'],
    message: 'lib/shared is read by browser and server alike: it imports neither side',
  });
  zones.push({
    target: './lib/server',
    from: ['./lib/client', './components', './app'],
    message:
      'server code imports no browser code; a type both sides need lives in lib/shared (issue 27 item 3)',
  });
  return zones;
}
