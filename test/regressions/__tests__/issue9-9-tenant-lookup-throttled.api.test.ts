import { getTenantIdByUsername } from '@/lib/shared/tenant/tenant.contract';
import { RATE_POLICIES } from '@/lib/server/platform/rate-limit/rate-limit.service';
import { callContract, useUpRateLimit } from '@/test/helpers/api';

const { perIp: limit, windowMs } = RATE_POLICIES.tenantIdByUsername;

const lookUp = (name: string, ip: string) =>
  callContract(getTenantIdByUsername, { query: { name } }, { ip });

describe('GET /system/tenant/get-id-by-username', () => {
  it('answers the rate-limit code to the call over the per-IP limit of the window', async () => {
    const ip = '10.77.0.1';
    // All but two of the window's allowance are used already (see useUpRateLimit).
    await useUpRateLimit(`tenant-id-by-username:ip:${ip}`, limit - 2, windowMs);
    expect((await lookUp('free_admin', ip)).code).toBe(200);
    expect((await lookUp('nobody_here', ip)).code).toBe(200);
    const over = await lookUp('free_staff', ip);
    expect(over.code).toBe(429);
    expect(over.data).toBeNull();
    // Another caller is not affected.
    expect((await lookUp('free_staff', '10.77.0.2')).code).toBe(200);
  });
});
