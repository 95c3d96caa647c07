import next from 'eslint-config-next';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier';
import { moduleZones, OUTSIDE_THE_RULE } from './lib/architecture/modules.mjs';

const config = [
  ...next,
  ...nextTs,
  prettier,
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      'data/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Modules with front doors, imports only downward (ADR 0170).
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    ignores: OUTSIDE_THE_RULE,
    rules: { 'import/no-restricted-paths': ['error', { zones: moduleZones() }] },
  },
  {
    // antd's Result carries three large illustrations (about 11 KB gzipped) into every page that
    // shows a status, and antd's App brings Modal and notifications into every page's first load:
    // StatusNotice and useFeedback do their jobs without (issue 38).
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Result', 'App'],
              message:
                'Result: StatusNotice (components/layout/StatusNotice.tsx); App.useApp(): useFeedback (lib/client/feedback.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server writes through its structured logger (request ids, redaction: issue 37 item 2).
    files: ['lib/server/**/*.ts', 'server.ts', 'app/**/route.ts'],
    ignores: ['**/__tests__/**'],
    rules: { 'no-console': 'error' },
  },
];
export default config;
