import { renderToString } from 'react-dom/server';
import {
  ContentListPage,
  FilterRows,
  keptParams,
  queryHeading,
  type ChangeHref,
} from '../ListPage';
import { MetaItem, TitledSection, withParams } from '../ContentBits';

jest.mock('@/components/layout/PublicHeader', () => ({ PublicHeader: () => null }));

const bucket = (value: string, label: string, count: number) => ({ value, label, count });
const href: ChangeHref = (change) => withParams('/x', { q: '芯片' }, change);

type Result = {
  list: { id: number; demo: boolean }[];
  total: number;
  totalCapped: boolean;
  pageNo: number;
  pageSize: number;
  facets: ReturnType<typeof bucket>[];
};

function page(result: Result | null, query = { sort: 'date' }) {
  return renderToString(
    <ContentListPage
      path="/x"
      title="列表"
      heading="列表"
      ldType="CollectionPage"
      search={{ label: '搜索', placeholder: '关键词' }}
      kept={{ q: '芯片' }}
      keep={['q']}
      query={query}
      result={result}
      unavailable="暂时不可用"
      filters={(r, h) => (
        <FilterRows
          query={query}
          href={h}
          specs={[{ title: '行业', name: 'industry', buckets: r.facets }]}
        />
      )}
      summary={['共', '篇']}
      listTestId="x-list"
      renderItem={(item) => <li key={item.id}>第{item.id}项</li>}
      noun="内容"
    />,
  );
}

describe('content list shell', () => {
  const base = {
    total: 25,
    totalCapped: false,
    pageNo: 2,
    pageSize: 10,
    facets: [bucket('C', '制造业', 3)],
  };

  it('renders the count, the active sort, the rows, the date filter and paging links', () => {
    const html = page({
      ...base,
      list: [
        { id: 1, demo: false },
        { id: 2, demo: false },
      ],
    });
    expect(html).toContain('共 <strong>25</strong> 篇');
    expect(html).toMatch(
      /href="\/x\?q=%E8%8A%AF%E7%89%87&amp;sort=date" rel="nofollow" class="sr-opt is-active"/,
    );
    expect(html).toContain('data-testid="x-list"><li>第<!-- -->1<!-- -->项</li>');
    expect(html).toContain('aria-label="发布时间"');
    expect(html).toContain('action="/x"');
    expect(html).toContain('href="/x?pageNo=3&amp;q=%E8%8A%AF%E7%89%87" rel="next"');
    expect(html).not.toContain('no-results');
    expect(html).not.toContain('content-demo-note');
  });

  it('shows a total beyond the count cap as an estimate and pages only up to the cap', () => {
    const html = page({
      ...base,
      total: 52_340,
      totalCapped: true,
      list: [{ id: 1, demo: false }],
    });
    expect(html).toContain('共 <strong>约5.2万</strong> 篇');
    expect(html).toContain('可翻阅前 3,000 篇');
    // 3,000 matches at 10 a page: the last page link is 300, not 5,234.
    expect(html).toContain('href="/x?pageNo=300&amp;q=%E8%8A%AF%E7%89%87"');
    expect(html).not.toContain('pageNo=5234');
    const counted = page({ ...base, total: 52_340, list: [{ id: 1, demo: false }] });
    expect(counted).toContain('<strong>52,340</strong>');
    expect(counted).toContain('pageNo=5234');
  });

  it('shows the empty note with a reset link, and the demo note only for demo items', () => {
    const empty = page({ ...base, total: 0, pageNo: 1, list: [] });
    expect(empty).toContain('没有找到符合条件的内容。');
    expect(empty).toContain('或<a href="/x">清空筛选条件</a>');
    expect(empty).not.toContain('sr-pager');
    expect(page({ ...base, list: [{ id: 1, demo: true }] })).toContain('content-demo-note');
  });

  it('replaces filters and results with an alert when the search failed', () => {
    const html = page(null);
    expect(html).toContain('role="alert"');
    expect(html).toContain('暂时不可用');
    expect(html).not.toContain('sr-filters');
    expect(html).not.toContain('result-summary');
  });
});

describe('filter rows', () => {
  const facets = [bucket('C', '制造业', 3), bucket('F', '批发', 0), bucket('I', '', 0)];

  it('hides buckets without hits unless chosen, and marks the chosen one', () => {
    const html = renderToString(
      <FilterRows
        query={{ sort: 'relevance', industry: 'I' }}
        href={href}
        specs={[
          { title: '行业', name: 'industry', buckets: facets, labelOf: (b) => b.label || b.value },
        ]}
      />,
    );
    expect(html).toContain('制造业<span class="sr-count">3</span>');
    expect(html).not.toContain('批发');
    expect(html).toMatch(
      /industry=I&amp;q=%E8%8A%AF%E7%89%87" class="sr-opt is-active" aria-current="true" rel="nofollow">I</,
    );
    expect(html).toMatch(/href="\/x\?q=%E8%8A%AF%E7%89%87" class="sr-opt" rel="nofollow">全部/);
  });

  it('lists every fixed option with its facet count, zero or missing', () => {
    const html = renderToString(
      <FilterRows
        query={{ sort: 'relevance' }}
        href={href}
        specs={[
          {
            title: '类别',
            name: 'kind',
            buckets: [bucket('a', 'A', 2)],
            options: [
              { value: 'a', label: '甲' },
              { value: 'b', label: '乙' },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain('甲<span class="sr-count">2</span>');
    expect(html).toMatch(/kind=b&amp;q=%E8%8A%AF%E7%89%87" class="sr-opt" rel="nofollow">乙<\/a>/);
    expect(html).toMatch(/class="sr-opt is-active" aria-current="true" rel="nofollow">全部/);
  });
});

describe('list helpers', () => {
  it('keeps set parameters in order and drops the default sort', () => {
    expect(
      keptParams({ q: 'x', level: '', sort: 'relevance', pageNo: 2 }, [
        'q',
        'level',
        'sort',
        'pageNo',
      ]),
    ).toEqual({
      q: 'x',
      pageNo: '2',
    });
    expect(keptParams({ sort: 'date' }, ['sort'])).toEqual({ sort: 'date' });
  });

  it('leads the heading with the keyword', () => {
    expect(renderToString(<h1>{queryHeading('芯片', '报告', ['”的', '报告'])}</h1>)).toBe(
      '<h1>“<span>芯片</span>”的<!-- -->报告</h1>',
    );
    expect(renderToString(<h1>{queryHeading(undefined, '报告', ['”的报告'])}</h1>)).toBe(
      '<h1>报告</h1>',
    );
  });

  it('names a section by its heading and gives anchored ones an id', () => {
    expect(
      renderToString(
        <TitledSection name="a" title="甲" anchor>
          x
        </TitledSection>,
      ),
    ).toBe(
      '<section id="a" class="ct-section" aria-labelledby="h-a"><h2 id="h-a" class="ct-subtitle">甲</h2>x</section>',
    );
    expect(renderToString(<MetaItem label="页数">3 页</MetaItem>)).toBe(
      '<div><dt>页数：</dt><dd>3 页</dd></div>',
    );
  });
});
