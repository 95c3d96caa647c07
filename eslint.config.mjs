import next from 'eslint-config-next';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier';

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
];
export default config;
