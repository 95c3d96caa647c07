import { subtreeIds, unionScopes } from '../scope-union';

/** The union rule of data scopes (docs/adr/0080), without a database. */
const depts = [
  { id: 1, parentId: 0 },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 0 },
];
const actor = { userId: 7, tenantId: 9, deptId: 1 };

describe('unionScopes', () => {
  it('no role rows: oneself only', () => {
    expect(unionScopes(actor, [], depts)).toEqual({
      kind: 'members',
      tenantId: 9,
      self: 7,
      deptIds: [],
    });
  });

  it('全部 wins over every other scope', () => {
    expect(
      unionScopes(
        actor,
        [
          { dataScope: 5, deptIds: [] },
          { dataScope: 1, deptIds: [] },
        ],
        depts,
      ),
    ).toEqual({ kind: 'all' });
  });

  it('each scope value adds its departments', () => {
    const one = (dataScope: number, deptIds: number[] = []) =>
      unionScopes(actor, [{ dataScope, deptIds }], depts);
    expect(one(2, [4, 99])).toMatchObject({ deptIds: [4] });
    expect(one(3)).toMatchObject({ deptIds: [1] });
    expect(one(4)).toMatchObject({ deptIds: [1, 2, 3] });
    expect(one(5)).toMatchObject({ deptIds: [] });
  });

  it('several roles: the union, without duplicates', () => {
    expect(
      unionScopes(
        actor,
        [
          { dataScope: 3, deptIds: [] },
          { dataScope: 2, deptIds: [4, 1] },
          { dataScope: 5, deptIds: [] },
        ],
        depts,
      ),
    ).toMatchObject({ kind: 'members', deptIds: [1, 4] });
  });

  it('own-department scopes add nothing for a member without a department', () => {
    expect(
      unionScopes({ ...actor, deptId: null }, [{ dataScope: 4, deptIds: [] }], depts),
    ).toMatchObject({ deptIds: [] });
  });
});

describe('subtreeIds', () => {
  it('walks down the tree and survives a cycle in bad data', () => {
    expect(subtreeIds(2, depts).sort()).toEqual([2, 3]);
    expect(subtreeIds(1, [...depts, { id: 1, parentId: 3 }]).sort()).toEqual([1, 2, 3]);
  });
});
