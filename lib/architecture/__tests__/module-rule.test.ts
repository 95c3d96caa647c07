import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

type Planted = { file: string; source: string };

/**
 * Lints planted sources with the project's own ESLint config, in a plain Node child: jest's
 * CommonJS runtime cannot load the ESM config file. Answers the rule ids reported per file.
 */
function lintPlanted(planted: Planted[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const planted = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const p of planted) {
      const [result] = await eslint.lintText(p.source, { filePath: p.file });
      out.push(result.messages.map((m) => m.ruleId ?? m.message));
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(planted)],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as string[][];
}

const RULE = 'import/no-restricted-paths';
const use = (spec: string, name: string) =>
  `import { ${name} } from '${spec}';\nexport const planted = ${name};\n`;

describe('modules import only downward, through front doors (lib/architecture/modules.mjs)', () => {
  const cases: Array<Planted & { expected: boolean; why: string }> = [
    {
      why: 'upward: platform importing crm',
      file: 'lib/server/platform/planted.ts',
      source: use('@/lib/server/crm', 'clueRoutes'),
      expected: true,
    },
    {
      why: 'side door: crm reaching inside identity',
      file: 'lib/server/crm/planted.ts',
      source: use('@/lib/server/identity/auth/token.service', 'verifyAccessToken'),
      expected: true,
    },
    {
      why: 'relative side door: crm reaching inside platform with ../',
      file: 'lib/server/crm/clue/planted.ts',
      source: use('../../platform/db', 'getDb'),
      expected: true,
    },
    {
      why: 'a module importing its own front door (cycle)',
      file: 'lib/server/crm/clue/planted.ts',
      source: use('@/lib/server/crm', 'clueRoutes'),
      expected: true,
    },
    {
      why: 'a page reaching inside a module',
      file: 'app/planted/page.tsx',
      source: use('@/lib/server/enterprise/enterprise.service', 'getEnterpriseDetail'),
      expected: true,
    },
    {
      why: 'lib/shared importing server code',
      file: 'lib/shared/planted.ts',
      source: use('@/lib/server/platform', 'getDb'),
      expected: true,
    },
    {
      why: 'server code importing browser code',
      file: 'lib/server/edge/planted.ts',
      source: use('@/lib/client/session/session-store', 'applySessionSeed'),
      expected: true,
    },
    {
      why: 'allowed: proxy.ts through a proxy door',
      file: 'proxy.ts',
      source: use('@/lib/server/edge/proxy-door', 'pageCacheMarkerOf'),
      expected: false,
    },
    {
      why: 'allowed: crm through identity’s front door',
      file: 'lib/server/crm/planted.ts',
      source: use('@/lib/server/identity', 'verifyAccessToken'),
      expected: false,
    },
    {
      why: 'allowed: inside a module, any file',
      file: 'lib/server/crm/planted.ts',
      source: use('./clue/clue.service', 'listClues'),
      expected: false,
    },
    {
      why: 'allowed: a test reaching inside',
      file: 'lib/server/crm/__tests__/planted.test.ts',
      source: use('@/lib/server/identity/auth/token.service', 'verifyAccessToken'),
      expected: false,
    },
  ];

  it('reports every planted bad import and nothing else', () => {
    const reported = lintPlanted(cases);
    const verdicts = cases.map((c, i) => ({ why: c.why, fires: reported[i].includes(RULE) }));
    expect(verdicts).toEqual(cases.map((c) => ({ why: c.why, fires: c.expected })));
  }, 180_000);
});

describe('antd Result and App stay out of the pages (StatusNotice, useFeedback: issue 38)', () => {
  it('reports an import of Result or App from antd in a screen, not one of Button', () => {
    const reported = lintPlanted([
      { file: 'components/planted/Planted.tsx', source: use('antd', 'Result') },
      { file: 'app/planted/page.tsx', source: use('antd', 'App') },
      { file: 'components/planted/Planted.tsx', source: use('antd', 'Button') },
    ]);
    expect(reported.map((rules) => rules.includes('no-restricted-imports'))).toEqual([
      true,
      true,
      false,
    ]);
  }, 180_000);
});
