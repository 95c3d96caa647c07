import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * SESSION_SECRET from the environment, or one generated on first start and kept in DATA_DIR so
 * sessions survive restarts on a machine nobody configured.
 */
export function ensureSessionSecret(dataDir: string): void {
  if (process.env.SESSION_SECRET && process.env.SESSION_SECRET.length >= 32) return;
  const file = path.join(dataDir, 'session-secret');
  let secret = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (secret.length < 32) {
    secret = randomBytes(32).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  process.env.SESSION_SECRET = secret;
}
