#!/usr/bin/env node
// Browser tests use Debian's Chromium (Playwright cannot download browsers here). Installs it with
// CJK fonts when missing; needs root or sudo on a Debian/Ubuntu machine.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const fontsPresent = fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
if (fs.existsSync(chromium) && fontsPresent) process.exit(0);

const root = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = root ? '' : 'sudo ';
console.log('[leadradar] 正在安装浏览器测试所需的 Debian 软件包：chromium fonts-noto-cjk …');
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk`,
    {
      stdio: 'inherit',
      shell: '/bin/bash',
    },
  );
} catch {
  console.error(
    '[leadradar] 无法安装 chromium。请手动执行：apt-get install -y chromium fonts-noto-cjk，或设置 CHROMIUM_PATH。',
  );
  process.exit(1);
}
