import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { clues, customers, opportunities } from '@/db/schema';
import type { OwnerScope } from '@/lib/server/identity/data-scope/data-scope.service';
import { crmEntity, recordWhere } from '@/lib/server/crm/kit/crm-entity';
import { clueWhere } from '@/lib/server/crm/clue/clue-query';
import { customerWhere } from '@/lib/server/crm/customer/customer.service';
import { opportunityWhere } from '@/lib/server/crm/opportunity/opportunity.service';

/** The CRM kit's service skeleton (ADR 0196): what it adds to every entity's reads. */
const dialect = new PgDialect();
const render = (q: SQL | undefined) => (q ? dialect.sqlToQuery(q) : { sql: '', params: [] });
const all: OwnerScope = { kind: 'all' };
const self: OwnerScope = { kind: 'members', self: 7, tenantId: 1, deptIds: [] };

/** Every entity's WHERE, as its service builds it (a keyword filter given, to show it is added). */
const entities = [
  {
    name: 'clues',
    bin: true,
    where: (s: OwnerScope, deleted?: boolean) => clueWhere(1, s, { deleted, keyword: '厦门' }),
  },
  {
    name: 'customers',
    bin: true,
    where: (s: OwnerScope, deleted?: boolean) => customerWhere(1, s, { deleted, keyword: '厦门' }),
  },
  {
    name: 'opportunities',
    bin: false,
    where: (s: OwnerScope) => opportunityWhere(1, s, { keyword: '厦门' }),
  },
];

describe.each(entities)('the skeleton on $name', ({ name, bin, where }) => {
  it('restricts to the tenant first, whatever the filters', () => {
    const q = render(where(all));
    expect(q.sql.startsWith(`("${name}"."tenant_id" = $1`)).toBe(true);
    expect(q.params[0]).toBe(1);
  });

  it('applies the data scope on the owner before the entity filters', () => {
    const q = render(where(self));
    const scope = q.sql.indexOf(`"${name}"."owner_user_id" = $2`);
    expect(scope).toBeGreaterThan(0);
    expect(q.params[1]).toBe(7);
    expect(q.params).toContain('厦门');
  });

  it(
    bin ? 'reads live rows, the recycle bin the deleted ones' : 'has no recycle bin in place',
    () => {
      if (bin) {
        expect(render(where(all)).sql).toContain(`"${name}"."deleted_at" is null`);
        expect(render(where(all, true)).sql).toContain(`"${name}"."deleted_at" is not null`);
      } else {
        expect(render(where(all)).sql).not.toContain('deleted_at');
      }
    },
  );
});

describe('recordWhere', () => {
  it('keeps tenant and scope when the entity declares no filter', () => {
    const q = render(recordWhere(customers, 3, self, false, []));
    expect(q.sql).toBe(
      '("customers"."tenant_id" = $1 and "customers"."deleted_at" is null and "customers"."owner_user_id" = $2)',
    );
    expect(q.params).toEqual([3, 7]);
  });

  it('leaves out filters that are not set', () => {
    const q = render(recordWhere(opportunities, 3, all, undefined, [undefined, sql`true`]));
    expect(q.sql).toBe('("opportunities"."tenant_id" = $1 and true)');
  });
});

describe('crmEntity', () => {
  it('adds tenant, bin and scope to a declared entity and hands it its own filters', () => {
    const seen: unknown[] = [];
    const kit = crmEntity<typeof clues, { deleted?: boolean; name?: string }, never>({
      table: clues,
      filters: (q, live) => {
        seen.push([q.name, live]);
        return q.name ? [sql`${clues.name} = ${q.name}`] : [];
      },
      order: () => [],
      views: async () => [],
      ownerInvalid: () => new Error('owner') as never,
    });
    const q = render(kit.where(9, self, { deleted: true, name: 'x' }));
    expect(q.sql).toBe(
      '("clues"."tenant_id" = $1 and "clues"."deleted_at" is not null and "clues"."owner_user_id" = $2 and "clues"."name" = $3)',
    );
    expect(q.params).toEqual([9, 7, 'x']);
    expect(seen).toEqual([['x', false]]);
  });
});
