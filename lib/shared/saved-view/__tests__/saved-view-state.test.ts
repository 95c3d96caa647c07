import {
  SAVED_VIEW_MESSAGES as M,
  SAVED_VIEW_STATE_MAX_BYTES,
  utf8Length,
} from '../saved-view.constants';
import { parseViewState } from '../saved-view.state';

describe('parseViewState', () => {
  it('caps the state at 4 KB of UTF-8, so Chinese text counts three bytes a character', () => {
    expect(utf8Length('线索')).toBe(6);
    // 7 values of 200 Chinese characters: 4,200 bytes of text alone.
    const big = { filters: { names: Array.from({ length: 7 }, () => '线'.repeat(200)) } };
    expect(JSON.stringify(big).length).toBeLessThan(SAVED_VIEW_STATE_MAX_BYTES);
    expect(parseViewState('customer', big)).toEqual({ ok: false, message: M.stateTooLarge });
    const small = { filters: { names: Array.from({ length: 6 }, () => '线'.repeat(200)) } };
    expect(parseViewState('customer', small).ok).toBe(true);
  });

  it('validates each list by its own schema and names the failing field', () => {
    expect(parseViewState('clue', { sort: { field: 'password', order: 'asc' } })).toEqual({
      ok: false,
      message: `${M.stateInvalid}（sort.field）`,
    });
    expect(parseViewState('customer', { sort: { field: 'anything', order: 'asc' } }).ok).toBe(true);
    expect(parseViewState('customer', { filters: { deep: { a: 1 } } }).ok).toBe(false);
    expect(parseViewState('clue', undefined)).toEqual({ ok: false, message: M.stateInvalid });
  });

  it('returns the state with the list defaults filled in', () => {
    const r = parseViewState('clue', { tab: 'due' });
    expect(r).toMatchObject({
      ok: true,
      state: { tab: 'due', pageSize: 10, sort: { field: 'createTime', order: 'desc' } },
    });
  });
});
