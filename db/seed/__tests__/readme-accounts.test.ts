import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD } from '../platform-data';

/** The README is where a newcomer reads how to sign in: it must name the passwords the seed sets. */
describe('README demo accounts', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Demo accounts'),
    readme.indexOf('## Environment'),
  );

  it('states the platform admin password and the other accounts’ password', () => {
    expect(section).toContain(`\`admin\` has the password \`${DEMO_ADMIN_PASSWORD}\``);
    expect(section).toContain(`every other demo account has \`${DEMO_USER_PASSWORD}\``);
  });

  it('lists every seeded account with its mobile', () => {
    for (const account of DEMO_ACCOUNTS) {
      expect(section).toContain(`\`${account.username}\``);
      expect(section).toContain(account.mobile);
    }
  });
});
