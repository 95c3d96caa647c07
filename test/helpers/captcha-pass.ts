import { randomBytes } from 'node:crypto';

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * A passed slider captcha, stored exactly as the captcha service stores one after a successful
 * check, so the login and SMS endpoints consume it through their real code path. For journeys and
 * benchmarks that are not about the captcha. Answers the verification to send with the login.
 */
export async function insertPassedCaptcha(query: Query): Promise<string> {
  const verification = randomBytes(24).toString('base64');
  await query(
    `insert into captcha_challenges
       (token, captcha_type, secret_key, answer, expires_at, checked_at, passed, verification,
        verification_expires_at)
     values ($1, 'blockPuzzle', $2, '{"x":100,"y":5}', now() + interval '120 seconds', now(),
             true, $3, now() + interval '180 seconds')`,
    [randomBytes(16).toString('hex'), randomBytes(8).toString('hex'), verification],
  );
  return verification;
}
