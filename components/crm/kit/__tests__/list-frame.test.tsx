import { renderToString } from 'react-dom/server';
import { Button } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiClientError } from '@/lib/client/request';
import { updateCustomerOwner } from '@/lib/shared/customer/customer.contract';
import { CrmListFrame, type CrmListDecl } from '../CrmListFrame';
import { nameColumn, textColumn } from '../../columns';

// The icon package ships ES modules jest does not load; the frame's markup is what is tested.
jest.mock('@ant-design/icons', () => new Proxy({}, { get: () => () => null }));

type F = { keyword: string; owners: number[] };
type Row = {
  id: number;
  name: string;
  enterpriseId: number | null;
  creditCode: string | null;
  owner: string | null;
};

const decl = (can: Partial<CrmListDecl<F>['can']> = {}): CrmListDecl<F> => ({
  css: 'thing',
  noun: '事项',
  unit: '件事项',
  pageUnit: '件',
  title: '事项管理',
  can: { create: true, delete: true, assign: true, ...can },
  selectable: true,
  deleteNote: '进行中的不能删除',
  assign: { role: '负责人', contract: updateCustomerOwner, field: 'ownerUserId' },
  empty: { noMatch: '没有符合条件的事项', start: '暂无事项', elsewhere: <Button>去别处</Button> },
  filters: [
    { kind: 'keyword', key: 'keyword', placeholder: '名称', label: '搜索事项' },
    {
      kind: 'select',
      key: 'owners',
      multiple: true,
      placeholder: '负责人',
      label: '按负责人筛选',
      width: 120,
      options: [{ label: '张三', value: 1 }],
    },
  ],
});

function list(over: { deleted?: boolean; selected?: number[] } = {}) {
  return {
    deleted: over.deleted ?? false,
    toggleDeleted: jest.fn(),
    selected: over.selected ?? [],
    setSelected: jest.fn(),
    busy: null,
    run: jest.fn(),
    filters: { keyword: '', owners: [] },
    setFilter: jest.fn(),
    keywordInput: '',
    setKeywordInput: jest.fn(),
    clearFilters: jest.fn(),
    tableProps: () => ({}),
  };
}

const rows: Row[] = [{ id: 1, name: '甲公司', enterpriseId: 5, creditCode: null, owner: null }];
const page = (list: Row[], error: unknown = null) =>
  ({
    data: { list, total: list.length },
    isError: !!error,
    error,
    isFetching: false,
    refetch: jest.fn(),
  }) as unknown as UseQueryResult<{ list: Row[]; total: number }>;

function draw(opts: {
  decl?: CrmListDecl<F>;
  list?: ReturnType<typeof list>;
  page?: ReturnType<typeof page>;
  filtered?: boolean;
}) {
  return renderToString(
    <CrmListFrame<F, Row>
      decl={opts.decl ?? decl()}
      list={opts.list ?? list()}
      page={opts.page ?? page(rows)}
      members={[]}
      remove={jest.fn()}
      onCreate={jest.fn()}
      filtered={opts.filtered ?? false}
      table={{
        columns: [
          nameColumn<Row>({
            title: '名称',
            width: 200,
            css: 'thing',
            sortOrder: null,
            main: (r) => r.name,
          }),
          textColumn<Row>('负责人', 'owner', 100),
        ],
      }}
    />,
  );
}

describe('CrmListFrame (CRM kit)', () => {
  it('draws the declared title, filters, 回收站 and 新建 from the declaration', () => {
    const html = draw({});
    expect(html).toContain('事项管理');
    expect(html).toContain('aria-label="筛选事项"');
    expect(html).toContain('id="thing-filters"');
    expect(html).toContain('aria-label="搜索事项"');
    expect(html).toContain('按负责人筛选');
    expect(html).toContain('回收站');
    expect(html).toContain('新建事项');
  });

  it('renders the kit columns: the name with 企业详情, text with a dash when empty', () => {
    const html = draw({});
    expect(html).toContain('甲公司');
    expect(html).toContain('企业详情');
    expect(html).toContain('thing-two-line');
    expect(html).toContain('—');
  });

  it('shows the bulk bar with 分配{role} and 删除 while rows are selected, as permitted', () => {
    const html = draw({ list: list({ selected: [1, 2] }) });
    expect(html).toMatch(/已选 <strong>2<\/strong> (<!-- -->)?件事项/);
    expect(html).toContain('分配负责人');
    expect(html).toContain('删 除'); // antd spaces a two-character label
    const narrow = draw({ decl: decl({ assign: false }), list: list({ selected: [1] }) });
    expect(narrow).not.toContain('分配负责人');
  });

  it('in the recycle bin: the bin title, 返回{noun}列表, no 新建 and no bulk bar', () => {
    const html = draw({ list: list({ deleted: true, selected: [1] }) });
    expect(html).toContain('事项回收站');
    expect(html).toContain('返回事项列表');
    expect(html).not.toContain('新建事项');
    expect(html).not.toContain('已选');
  });

  it('says why an empty list is empty: no match when filtered, else how to start', () => {
    expect(draw({ page: page([]), filtered: true })).toContain('没有符合条件的事项');
    const start = draw({ page: page([]) });
    expect(start).toContain('暂无事项');
    expect(start).toContain('去别处');
  });

  it('shows the sign-in gate instead of the list when the page was refused', () => {
    const html = draw({ page: page([], new ApiClientError(401, '未登录')) });
    expect(html).toContain('登录后可管理事项');
    expect(html).not.toContain('事项管理');
  });
});
