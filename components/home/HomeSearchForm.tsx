import { Button, Input } from 'antd';

/**
 * A plain GET form to /companySearch, so searching works before (or without) JavaScript.
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
      <Input
        id="home-search"
        name="searchValue"
        size="large"
        defaultValue={defaultValue}
        maxLength={100}
        placeholder="请输入企业名称、法人、股东、统一社会信用代码等"
        autoComplete="off"
      />
      <Button type="primary" size="large" htmlType="submit">
        查一下
      </Button>
    </form>
  );
}
