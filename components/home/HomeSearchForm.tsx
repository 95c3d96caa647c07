/**
 * A plain GET form to /companySearch (no JavaScript needed), in antd's large input look.
 */
export function HomeSearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  return (
    <form
      action="/companySearch"
      method="get"
      role="search"
      style={{ display: 'flex', gap: 8, maxWidth: 680, margin: '0 auto' }}
    >
      <label htmlFor="home-search" className="visually-hidden">
        企业名称、法人、股东、统一社会信用代码
      </label>
      <input
        id="home-search"
        name="searchValue"
        type="search"
        className="pub-input pub-input-lg"
        style={{ flex: 1 }}
        defaultValue={defaultValue}
        maxLength={100}
        placeholder="请输入企业名称、法人、股东、统一社会信用代码等"
        autoComplete="off"
      />
      <button type="submit" className="pub-btn pub-btn-primary pub-btn-lg">
        查一下
      </button>
    </form>
  );
}
