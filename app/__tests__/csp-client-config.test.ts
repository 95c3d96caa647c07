/**
 * app/csp-client-config.tsx turns zod's jitless mode on without importing zod (issue 38): zod must
 * pick the setting up whether it loads after the module (a page's later chunk) or before it.
 */
describe('zod runs jitless under the CSP', () => {
  afterEach(() => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  });

  it('when zod loads after the config', async () => {
    await jest.isolateModulesAsync(async () => {
      await import('@/app/csp-client-config');
      const { z } = await import('zod');
      expect(z.config().jitless).toBe(true);
    });
  });

  it('when zod was loaded before it', async () => {
    await jest.isolateModulesAsync(async () => {
      const { z } = await import('zod');
      expect(z.config().jitless).not.toBe(true);
      await import('@/app/csp-client-config');
      expect(z.config().jitless).toBe(true);
    });
  });
});
