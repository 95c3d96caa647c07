import { queryFromSearchParams } from '@/lib/shared/search/query';
import { SearchUrls } from '../results/search-url';

const urls = (qs: string, type: 'default' | 'park' = 'default') =>
  new SearchUrls(queryFromSearchParams(Object.fromEntries(new URLSearchParams(qs))), type);

describe('companySearch links', () => {
  it('toggles list filters and returns to page 1', () => {
    const u = urls('searchValue=科技&status=存续&pageNo=3');
    expect(decodeURIComponent(u.toggle('statuses', '在业'))).toBe(
      '/companySearch?searchValue=科技&status=存续,在业',
    );
    expect(decodeURIComponent(u.toggle('statuses', '存续'))).toBe(
      '/companySearch?searchValue=科技',
    );
    expect(u.isOn('statuses', '存续')).toBe(true);
  });

  it('sets cascades, flags, pages and keeps the park search type', () => {
    const u = urls('searchValue=软件园&region=440000', 'park');
    expect(decodeURIComponent(u.set('regions', '440300'))).toBe(
      '/companySearch?searchValue=软件园&region=440300&searchType=park',
    );
    expect(decodeURIComponent(u.flag('hasPhone'))).toContain('hasPhone=1');
    expect(decodeURIComponent(u.page(2))).toContain('pageNo=2');
    expect(u.hiddenInputs(['capitalMin', 'capitalMax'])).toEqual([
      ['searchValue', '软件园'],
      ['region', '440000'],
      ['searchType', 'park'],
    ]);
    expect(urls('').href()).toBe('/companySearch');
  });
});
