import { ERRORS } from '@/lib/shared/api/error-codes';
import type { ContractShape } from '@/lib/shared/api/contract';
import {
  createClue,
  deleteClue,
  getClue,
  restoreClue,
  updateFollowUser,
} from '@/lib/shared/clue/clue.contract';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  restoreCustomer,
  updateCustomerOwner,
} from '@/lib/shared/customer/customer.contract';
import {
  createOpportunity,
  deleteOpportunity,
  getOpportunity,
} from '@/lib/shared/opportunity/opportunity.contract';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as, seedCrmTeam, type CrmTeam } from '@/test/helpers/crm-team';

/**
 * The CRM kit's service skeleton (ADR 0196) for every entity it serves: a record outside the
 * caller's tenant or data scope is 404 for read, delete, restore and hand-over alike, and the
 * owner reaches their own. One table of entities, the same checks for each.
 */

let t: CrmTeam;

beforeAll(async () => {
  t = await seedCrmTeam();
});

type Call = (
  c: ContractShape,
  input: object,
  u: TestUser,
) => Promise<{ code: number | undefined; data: unknown }>;
const call: Call = (c, input, u) => callContract(c as never, input as never, as(u));

/** Each entity: how to make one owned by `u`, and its record contracts. */
type Entity = {
  name: string;
  make: (u: TestUser, n: string) => Promise<number>;
  get: ContractShape;
  remove: ContractShape;
  restore?: ContractShape;
  assign?: { contract: ContractShape; field: string };
};

let customerOfSelf = 0;

const entities: Entity[] = [
  {
    name: 'leads',
    make: async (u, n) => (await call(createClue, { body: { name: n } }, u)).data as number,
    get: getClue,
    remove: deleteClue,
    restore: restoreClue,
    assign: { contract: updateFollowUser, field: 'followUserId' },
  },
  {
    name: 'customers',
    make: async (u, n) => (await call(createCustomer, { body: { name: n } }, u)).data as number,
    get: getCustomer,
    remove: deleteCustomer,
    restore: restoreCustomer,
    assign: { contract: updateCustomerOwner, field: 'ownerUserId' },
  },
  {
    name: 'opportunities',
    make: async (u, n) => {
      if (!customerOfSelf)
        customerOfSelf = (await call(createCustomer, { body: { name: `商机客户${n}` } }, u))
          .data as number;
      const r = await call(
        createOpportunity,
        { body: { customerId: customerOfSelf, name: n, amount: 100 } },
        u,
      );
      return r.data as number;
    },
    get: getOpportunity,
    remove: deleteOpportunity,
  },
];

describe.each(entities)('the kit on $name', (e) => {
  let id = 0;
  beforeAll(async () => {
    id = await e.make(t.selfOnly, `套件${e.name}${Date.now()}`);
    expect(id).toBeGreaterThan(0);
  });

  it('lets the owner read the record', async () => {
    const r = await call(e.get, { query: { id } }, t.selfOnly);
    expect(r.code).toBe(200);
  });

  it('answers 404 to another tenant and to a member outside the data scope, for every call', async () => {
    for (const u of [t.outsider, t.colleague]) {
      expect((await call(e.get, { query: { id } }, u)).code).toBe(ERRORS.NOT_FOUND.code);
      expect((await call(e.remove, { query: { id } }, u)).code).toBe(ERRORS.NOT_FOUND.code);
      if (e.assign) {
        const body = { ids: [id], [e.assign.field]: u.userId };
        expect((await call(e.assign.contract, { body }, u)).code).toBe(ERRORS.NOT_FOUND.code);
      }
    }
    expect((await call(e.get, { query: { id } }, t.selfOnly)).code).toBe(200);
  });

  it('deletes for the owner; restore (where the entity has a bin) is scoped the same way', async () => {
    expect((await call(e.remove, { query: { id } }, t.selfOnly)).code).toBe(200);
    expect((await call(e.get, { query: { id } }, t.selfOnly)).code).toBe(ERRORS.NOT_FOUND.code);
    if (!e.restore) return;
    for (const u of [t.outsider, t.colleague])
      expect((await call(e.restore, { query: { id } }, u)).code).toBe(ERRORS.NOT_FOUND.code);
    expect((await call(e.restore, { query: { id } }, t.selfOnly)).code).toBe(200);
    expect((await call(e.get, { query: { id } }, t.selfOnly)).code).toBe(200);
  });
});
