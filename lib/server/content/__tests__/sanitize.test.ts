import { htmlToText, sanitizeContentHtml } from '../import/sanitize';
import { docGrams, normaliseText, searchFields } from '../search-doc';
import { clampPage, keywordPredicate, Params } from '../content-sql';

describe('sanitizeContentHtml', () => {
  it.each([
    ['<p onclick="x()">a</p>', '<p>a</p>'],
    ['<script>alert(1)</script><p>b</p>', '<p>b</p>'],
    ['<iframe src="https://e.example"></iframe><p>c</p>', '<p>c</p>'],
    ['<a href="javascript:alert(1)">d</a>', '<a>d</a>'],
    ['<a href="JaVaScRiPt:alert(1)">d</a>', '<a>d</a>'],
    ['<a href=" javascript:alert(1)">d</a>', '<a>d</a>'],
    ['<img src="data:image/png;base64,AAA" alt="x">', ''],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<p style="color:red">e</p>', '<p>e</p>'],
    ['<style>p{}</style><p>f</p>', '<p>f</p>'],
    ['<svg onload="x()"><circle/></svg>g', 'g'],
    ['<form action="/x"><input name="a"><button>h</button></form>', 'h'],
    ['<h1>T</h1>', '<h2>T</h2>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeContentHtml(input)).toBe(output);
  });

  it('keeps safe links (marked nofollow), images and tables', () => {
    const out = sanitizeContentHtml(
      '<a href="https://www.gov.cn/">政府网</a><img src="https://a.example/x.png" alt="图"><table><tr><td colspan="2">1</td></tr></table>',
    );
    expect(out).toContain(
      '<a href="https://www.gov.cn/" rel="nofollow noopener noreferrer" target="_blank">政府网</a>',
    );
    expect(out).toContain('<img src="https://a.example/x.png" alt="图" />');
    expect(out).toContain('<td colspan="2">1</td>');
  });

  it('turns HTML into plain text, one block a line, entities decoded', () => {
    expect(htmlToText('<h2>一、总则</h2><p>甲&amp;乙&nbsp;丙</p><script>x</script><p>丁</p>')).toBe(
      '一、总则\n甲&乙 丙\n丁',
    );
  });
});

describe('search documents', () => {
  it('normalises like SQL lr_search_norm: case, spaces and punctuation removed', () => {
    expect(normaliseText('关于《AI 创新》的通知，2026！')).toBe('关于ai创新的通知2026');
  });

  it('keeps bigrams inside each field only', () => {
    const f = searchFields('人才政策', '科技局', null, '补贴');
    expect(f.titleDoc).toBe('人才政策');
    expect(f.searchDoc).toBe('人才政策|科技局||补贴');
    expect(f.grams.sort()).toEqual(['人才', '才政', '政策', '科技', '技局', '补贴'].sort());
    expect(docGrams('策|科')).toEqual([]);
  });

  it('looks a 2-character word up in the index alone and checks longer ones in the text', () => {
    const p = new Params();
    expect(keywordPredicate(p, 'p', '人才')).toBe('p.grams @> $1::text[]');
    expect(p.values).toEqual([['人才']]);
    const q = new Params();
    expect(keywordPredicate(q, 'p', '专精特新')).toContain('strpos(p.search_doc, $2)');
    expect(keywordPredicate(new Params(), 'p', '')).toBeNull();
    expect(keywordPredicate(new Params(), 'p', '税')).toBe('strpos(p.title_doc, $1) > 0');
  });

  it('clamps pages to the last page and the deepest offset', () => {
    expect(clampPage(999, 10, 95)).toBe(10);
    expect(clampPage(5, 10, 0)).toBe(1);
    expect(clampPage(5000, 10, 1_000_000)).toBe(1000);
  });
});
