import { crmEmptyText } from '../CrmTable';

describe('crmEmptyText', () => {
  const texts = { noMatch: '没有符合条件的客户', start: '暂无客户，可新建或从线索转化' };
  it('says the recycle bin is empty whatever the filters', () => {
    expect(crmEmptyText({ ...texts, deleted: true, filtered: true })).toBe('回收站是空的');
    expect(crmEmptyText({ ...texts, deleted: true, filtered: false })).toBe('回收站是空的');
  });
  it('tells a filtered empty list from an empty one', () => {
    expect(crmEmptyText({ ...texts, deleted: false, filtered: true })).toBe('没有符合条件的客户');
    expect(crmEmptyText({ ...texts, deleted: false, filtered: false })).toBe(texts.start);
  });
});
