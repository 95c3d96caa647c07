import { and, eq, sql } from 'drizzle-orm';
import { notifications, orders, paymentEvents, tenants } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import {
  confirmDemoPay,
  getDemoPayOrder,
  getVipList,
  getVipOrderPage,
  getVipOrderPaySuccessInfo,
  getVipOrderQrcodeKey,
  getVipOrderQrcodeKeyStatus,
} from '@/lib/shared/trade/trade.contract';
import { getMyUnlockCredit } from '@/lib/shared/vip/vip.contract';
import { EDITIONS, editionPriceFen } from '@/lib/shared/vip/editions';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { confirmPayment } from '../fulfil.service';

const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const DAY = 86_400_000;

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function productOf(edition: number): Promise<number> {
  const r = await callContract(getVipList);
  const plan = r.data.find((e) => e.edition === edition)?.plans[0];
  if (!plan) throw new Error(`no plan for edition ${edition}`);
  return plan.productId;
}

async function tenantRow(id: number) {
  const [t] = await getDb().select().from(tenants).where(eq(tenants.id, id));
  return t;
}

beforeAll(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('/product/vip/get-list', () => {
  it('serves editions 0-4 from the database with quotas, prices in fen and durations', async () => {
    const r = await callContract(getVipList);
    expect(r.code).toBe(200);
    expect(r.data.map((e) => e.edition)).toEqual([0, 1, 2, 3, 4]);
    for (const e of EDITIONS) {
      const got = r.data.find((x) => x.edition === e.id)!;
      expect(got.name).toBe(e.name);
      expect(got.monthlyUnlockQuota).toBe(e.monthlyUnlockQuota);
      if (e.id === 0) expect(got.plans).toEqual([]);
      else
        expect(got.plans).toEqual([
          expect.objectContaining({ durationDays: 365, priceFen: editionPriceFen(e) }),
        ]);
    }
  });

  it('reads the database: a disabled plan disappears from the list', async () => {
    const id = await productOf(1);
    await getDb().execute(sql`update products set enabled = false where id = ${id}`);
    try {
      const r = await callContract(getVipList);
      expect(r.data.find((e) => e.edition === 1)!.plans).toEqual([]);
    } finally {
      await getDb().execute(sql`update products set enabled = true where id = ${id}`);
    }
  });
});

describe('/trade/vip-order-user/get-qrcode-key', () => {
  it('creates a pending order for an administrator, priced in fen, with a demo QR', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const productId = await productOf(2);
    const r = await callContract(getVipOrderQrcodeKey, { query: { productId } }, as(admin));
    expect(r.code).toBe(200);
    expect(r.data.amountFen).toBe(698000);
    expect(r.data.channel).toBe('demo');
    expect(r.data.qrContent).toMatch(/\/payDemo\?key=/);
    expect(r.data.qrContent).toContain(encodeURIComponent(r.data.qrcodeKey));
    expect(r.data.expireTime - Date.now()).toBeGreaterThan(14 * 60_000);
    const [row] = await getDb().select().from(orders).where(eq(orders.orderNo, r.data.orderNo));
    expect(row).toMatchObject({ tenantId: admin.tenantId, userId: admin.userId, status: 0 });
    // Asking again shows the same open order instead of a new one per click.
    const again = await callContract(getVipOrderQrcodeKey, { query: { productId } }, as(admin));
    expect(again.data.orderNo).toBe(r.data.orderNo);
  });

  it('refuses an employee: buying is for administrators', async () => {
    const employee = await createTestUser({ roleCodes: ['employee'] });
    const r = await callContract(
      getVipOrderQrcodeKey,
      { query: { productId: await productOf(2) } },
      as(employee),
    );
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
  });

  it('refuses anonymous callers and users without an enterprise', async () => {
    const productId = await productOf(2);
    expect((await callContract(getVipOrderQrcodeKey, { query: { productId } })).code).toBe(401);
    const loner = await createTestUser({ noTenant: true, roleCodes: ['tenant_admin'] });
    const r = await callContract(getVipOrderQrcodeKey, { query: { productId } }, as(loner));
    expect(r.code).toBe(1002000010);
  });

  it('refuses an unknown plan and a lower edition than the one in force', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const unknown = await callContract(
      getVipOrderQrcodeKey,
      { query: { productId: 987654 } },
      as(admin),
    );
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({
      code: 400,
      msg: '套餐不存在或已下架',
    });
    await getDb()
      .update(tenants)
      .set({ edition: 3, editionExpiresAt: new Date(Date.now() + 30 * DAY) })
      .where(eq(tenants.id, admin.tenantId!));
    const lower = await callContract(
      getVipOrderQrcodeKey,
      { query: { productId: await productOf(1) } },
      as(admin),
    );
    expect(lower.code).toBe(400);
    expect(lower.msg).toContain('高级版');
  });

  it('refuses a channel that is not configured', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const r = await callContract(
      getVipOrderQrcodeKey,
      { query: { productId: await productOf(2), payChannel: 'wechat' } },
      as(admin),
    );
    expect(r.code).toBe(501);
  });
});

describe('demo payment, status, success info and order page', () => {
  it('pending → paid through the demo page; edition, expiry and quota applied; buyer notified', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const qr = (
      await callContract(
        getVipOrderQrcodeKey,
        { query: { productId: await productOf(2) } },
        as(admin),
      )
    ).data;
    const status = () =>
      callContract(getVipOrderQrcodeKeyStatus, { query: { qrcodeKey: qr.qrcodeKey } }, as(admin));
    expect((await status()).data.status).toBe('pending');
    const early = await callContract(
      getVipOrderPaySuccessInfo,
      { query: { qrcodeKey: qr.qrcodeKey } },
      as(admin),
    );
    expect({ code: early.code, msg: early.msg }).toEqual({ code: 400, msg: '订单尚未支付' });

    // The phone opens the QR: an anonymous page shows the order and confirms it.
    const shown = await callContract(getDemoPayOrder, { query: { qrcodeKey: qr.qrcodeKey } });
    expect(shown.data).toMatchObject({ orderNo: qr.orderNo, amountFen: 698000, status: 'pending' });
    const confirmed = await callContract(confirmDemoPay, { body: { qrcodeKey: qr.qrcodeKey } });
    expect(confirmed.data).toBe('paid');

    const after = await status();
    expect(after.data.status).toBe('paid');
    expect(after.data.payTime).not.toBeNull();
    const info = await callContract(
      getVipOrderPaySuccessInfo,
      { query: { qrcodeKey: qr.qrcodeKey } },
      as(admin),
    );
    expect(info.data).toMatchObject({
      edition: 2,
      editionName: '标准版',
      amountFen: 698000,
      monthlyUnlockQuota: 100,
    });
    expect(info.data.expireTime! - Date.now()).toBeGreaterThan(364 * DAY);

    const t = await tenantRow(admin.tenantId!);
    expect(t.edition).toBe(2);
    expect(t.editionExpiresAt!.getTime()).toBe(info.data.expireTime);
    const credit = await callContract(getMyUnlockCredit, {}, as(admin));
    expect(credit.data.monthlyQuota).toBe(100);

    const notes = await getDb()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.userId),
          eq(notifications.templateCode, 'payment_succeeded'),
        ),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0].content).toContain('标准版');
    // The message opens 会员中心 › 我的订单 (issue 28 item 7).
    expect(notes[0].link).toBe('/memberCenter?tab=orders');

    const page = await callContract(
      getVipOrderPage,
      { query: { pageNo: 1, pageSize: 10 } },
      as(admin),
    );
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      orderNo: qr.orderNo,
      status: 'paid',
      amountFen: 698000,
      items: [expect.objectContaining({ kind: 'edition', edition: 2, durationDays: 365 })],
    });
    const pendingOnly = await callContract(
      getVipOrderPage,
      { query: { status: 'pending' } },
      as(admin),
    );
    expect(pendingOnly.data.total).toBe(0);
  });

  it("keeps another tenant's order and the order page to the buyer's tenant and its administrators", async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const qr = (
      await callContract(
        getVipOrderQrcodeKey,
        { query: { productId: await productOf(1) } },
        as(admin),
      )
    ).data;
    const stranger = await createTestUser({ roleCodes: ['tenant_admin'] });
    for (const c of [getVipOrderQrcodeKeyStatus, getVipOrderPaySuccessInfo]) {
      const r = await callContract(c, { query: { qrcodeKey: qr.qrcodeKey } }, as(stranger));
      expect({ code: r.code, msg: r.msg }).toEqual({ code: 404, msg: '访问资源不存在' });
    }
    expect((await callContract(getVipOrderPage, {}, as(stranger))).data.total).toBe(0);
    const colleague = await createTestUser({ roleCodes: ['employee'], tenantId: admin.tenantId! });
    const r = await callContract(getVipOrderPage, {}, as(colleague));
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
  });

  it('an expired QR reads expired and the demo page can no longer pay it', async () => {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const qr = (
      await callContract(
        getVipOrderQrcodeKey,
        { query: { productId: await productOf(1) } },
        as(admin),
      )
    ).data;
    await getDb()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, qr.orderNo));
    const s = await callContract(
      getVipOrderQrcodeKeyStatus,
      { query: { qrcodeKey: qr.qrcodeKey } },
      as(admin),
    );
    expect(s.data.status).toBe('expired');
    expect((await callContract(confirmDemoPay, { body: { qrcodeKey: qr.qrcodeKey } })).data).toBe(
      'expired',
    );
    expect((await tenantRow(admin.tenantId!)).edition).toBe(0);
  });

  it('the demo page refuses unknown keys', async () => {
    const r = await callContract(getDemoPayOrder, { query: { qrcodeKey: 'nope' } });
    expect(r.code).toBe(404);
  });
});

describe('exactly once', () => {
  async function openOrder(edition = 2) {
    const admin = await createTestUser({ roleCodes: ['tenant_admin'] });
    const qr = (
      await callContract(
        getVipOrderQrcodeKey,
        { query: { productId: await productOf(edition) } },
        as(admin),
      )
    ).data;
    return { admin, qr };
  }
  const paymentFor = (orderNo: string, amountFen: number, eventId = 'e') => ({
    orderNo,
    providerTradeNo: `T${orderNo}`,
    amountFen,
    paid: true,
    eventId,
    paidAt: new Date(),
  });

  it('50 orders, each confirmed twice at the same moment, are each applied once', async () => {
    const opened = [];
    for (let i = 0; i < 50; i++) opened.push(await openOrder(1 + (i % 4)));
    const outcomes = await Promise.all(
      opened.flatMap(({ qr }) => [
        confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen, 'a')),
        confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen, 'b')),
      ]),
    );
    for (let i = 0; i < opened.length; i++)
      expect([outcomes[2 * i], outcomes[2 * i + 1]].sort()).toEqual(['applied', 'duplicate']);
    for (const { admin, qr } of opened) {
      const t = await tenantRow(admin.tenantId!);
      // Applied twice would have added 730 days.
      const days = (t.editionExpiresAt!.getTime() - Date.now()) / DAY;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(366);
      const events = await getDb()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderNo, qr.orderNo));
      expect(events.map((e) => e.outcome).sort()).toEqual(['applied', 'duplicate']);
      const notes = await getDb()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, admin.userId),
            eq(notifications.templateCode, 'payment_succeeded'),
          ),
        );
      expect(notes).toHaveLength(1);
    }
  });

  it('one order confirmed 50 times concurrently is applied once', async () => {
    const { admin, qr } = await openOrder(3);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen, `x${i}`)),
      ),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    const t = await tenantRow(admin.tenantId!);
    expect(t.edition).toBe(3);
    expect((t.editionExpiresAt!.getTime() - Date.now()) / DAY).toBeLessThan(366);
  });

  it('a wrong amount, an unknown order or a not-paid report changes nothing and is logged', async () => {
    const { admin, qr } = await openOrder(2);
    expect(await confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen - 1))).toBe(
      'amount_mismatch',
    );
    expect(
      await confirmPayment('demo', { ...paymentFor(qr.orderNo, qr.amountFen), paid: false }),
    ).toBe('not_paid');
    expect(await confirmPayment('demo', paymentFor('LR-nope', 1))).toBe('unknown_order');
    expect(await confirmPayment('alipay', paymentFor(qr.orderNo, qr.amountFen))).toBe(
      'channel_mismatch',
    );
    expect((await tenantRow(admin.tenantId!)).edition).toBe(0);
    const [o] = await getDb().select().from(orders).where(eq(orders.orderNo, qr.orderNo));
    expect(o.status).toBe(0);
    const events = await getDb()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, qr.orderNo));
    expect(events.map((e) => e.outcome).sort()).toEqual([
      'amount_mismatch',
      'channel_mismatch',
      'not_paid',
    ]);
  });

  it('a payment confirmed after its QR expired is applied, once', async () => {
    const { admin, qr } = await openOrder(2);
    await getDb()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.orderNo, qr.orderNo));
    const outcomes = await Promise.all([
      confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen)),
      confirmPayment('demo', paymentFor(qr.orderNo, qr.amountFen)),
    ]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect((await tenantRow(admin.tenantId!)).edition).toBe(2);
  });
});
