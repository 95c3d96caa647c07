import { z } from 'zod';
import { followUpFields, idList, idOrIds, optional, paging, timeRange } from '../crm.schemas';

const m = { idsRequired: '请选择记录', tooManyIds: '单次最多操作 3 条' };
const ids = idList(3, m);
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

describe('idList', () => {
  it('reads a JSON array, a comma list and a single number alike', () => {
    expect(ids.parse([1, '2'])).toEqual([1, 2]);
    expect(ids.parse('4, 5,,6')).toEqual([4, 5, 6]);
    expect(ids.parse(7)).toEqual([7]);
  });

  it('refuses none, too many and non-ids with the messages it was given', () => {
    expect(firstMessage(ids.safeParse(''))).toBe(m.idsRequired);
    expect(firstMessage(ids.safeParse(undefined))).toBe(m.idsRequired);
    expect(firstMessage(ids.safeParse([1, 2, 3, 4]))).toBe(m.tooManyIds);
    expect(ids.safeParse('1,x').success).toBe(false);
    expect(ids.safeParse([0]).success).toBe(false);
  });
});

describe('idOrIds', () => {
  const q = idOrIds(3, m);
  it('takes one id or a list, and neither is 请选择…', () => {
    expect(q.parse({ id: '9' })).toEqual({ id: 9 });
    expect(q.parse({ ids: '1,2' })).toEqual({ ids: [1, 2] });
    expect(firstMessage(q.safeParse({}))).toBe(m.idsRequired);
    expect(firstMessage(q.safeParse({ ids: '1,2,3,4' }))).toBe(m.tooManyIds);
  });
});

describe('optional', () => {
  const s = optional(z.string().max(3, '太长'));
  it('turns a cleared field into null and leaves absence alone', () => {
    expect(s.parse('  ')).toBeNull();
    expect(s.parse(null)).toBeNull();
    expect(s.parse(undefined)).toBeUndefined();
    expect(s.parse('abc')).toBe('abc');
    expect(firstMessage(s.safeParse('abcd'))).toBe('太长');
  });
});

describe('timeRange', () => {
  const r = z.object({ t: timeRange('范围不对') });
  it('takes two ends, either open', () => {
    expect(r.parse({ t: [1, null] }).t).toEqual([1, null]);
    expect(r.parse({}).t).toBeUndefined();
    expect(firstMessage(r.safeParse({ t: [1] }))).toBe('范围不对');
    expect(firstMessage(r.safeParse({ t: 'x' }))).toBe('范围不对');
  });
});

describe('paging', () => {
  const p = z.object(paging(50, '每页最多 50 条'));
  it('defaults to page 1 of 10 and caps the size', () => {
    expect(p.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(p.parse({ pageNo: '3', pageSize: '50' })).toEqual({ pageNo: 3, pageSize: 50 });
    expect(firstMessage(p.safeParse({ pageSize: 51 }))).toBe('每页最多 50 条');
    expect(p.safeParse({ pageNo: 0 }).success).toBe(false);
  });
});

describe('followUpFields', () => {
  const f = z.object(
    followUpFields({ channelInvalid: '方式', contentRequired: '内容', contentTooLong: '太长' }),
  );
  it('checks channel and content and clears a blank next time', () => {
    expect(f.parse({ channel: '电话', content: ' 谈了 ', nextFollowTime: '' })).toEqual({
      channel: '电话',
      content: '谈了',
      nextFollowTime: null,
    });
    // The channel is a code of the tenant's 跟进方式 group (ADR 0183): the shape is checked here,
    // membership on the server.
    expect(firstMessage(f.safeParse({ channel: ' ', content: 'x' }))).toBe('方式');
    expect(firstMessage(f.safeParse({ channel: 'x'.repeat(21), content: 'x' }))).toBe('方式');
    expect(firstMessage(f.safeParse({ channel: '电话', content: '  ' }))).toBe('内容');
    expect(firstMessage(f.safeParse({ channel: '电话', content: 'x'.repeat(2001) }))).toBe('太长');
  });
});
