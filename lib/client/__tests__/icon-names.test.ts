import { FIXED_ENGLISH_LABELS_ZH, ICON_NAMES_ZH, hasChinese, iconTreatment } from '../icon-names';

describe("antd icons' English names (issue 28 item 7)", () => {
  it('hides an icon beside its control’s own name, and icons in text', () => {
    expect(iconTreatment('search', 'beside-name')).toEqual({ action: 'hide' });
    expect(iconTreatment('crown', 'decoration')).toEqual({ action: 'hide' });
  });

  it('names an icon that is all its control has, in Chinese', () => {
    expect(iconTreatment('close', 'alone-in-control')).toEqual({ action: 'name', label: '关闭' });
    expect(iconTreatment('left', 'alone-in-control')).toEqual({ action: 'name', label: '上一页' });
    expect(iconTreatment('eye-invisible', 'clickable')).toEqual({ action: 'name', label: '隐藏' });
  });

  it('keeps Chinese labels, and unknown names (the e2e scan reports those)', () => {
    expect(iconTreatment('关闭', 'alone-in-control')).toEqual({ action: 'keep' });
    expect(iconTreatment('robot', 'alone-in-control')).toEqual({ action: 'keep' });
  });

  it('every Chinese name is Chinese', () => {
    for (const zh of Object.values(ICON_NAMES_ZH)) expect(hasChinese(zh)).toBe(true);
    for (const zh of Object.values(FIXED_ENGLISH_LABELS_ZH)) expect(hasChinese(zh)).toBe(true);
    expect(FIXED_ENGLISH_LABELS_ZH['Select all']).toBe('全选');
  });
});
