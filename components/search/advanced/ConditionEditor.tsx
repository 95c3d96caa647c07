'use client';

import { Button, Cascader, Input, InputNumber, Radio, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALL_FIELDS,
  fieldKind,
  MAX_CONDITIONS_PER_GROUP,
  MAX_GROUPS,
  OPS_BY_KIND,
  TEXT_FIELDS,
  type AdvancedCondition,
  type AdvancedSearchCondition,
  type ConditionField,
  type ConditionGroup,
  type Logic,
} from '@/lib/shared/search/advanced';
import type { Option } from '@/lib/shared/search/filters';
import type { StaticConfig, TreeOption } from '@/lib/shared/search/search.contract';

export function newCondition(field: ConditionField = 'name'): AdvancedCondition {
  const kind = fieldKind(field);
  return { field, op: OPS_BY_KIND[kind][0].key };
}

export function newGroup(field?: ConditionField): ConditionGroup {
  return { logic: 'and', conditions: [newCondition(field)] };
}

const KIND_TITLE = { text: '关键词字段', option: '筛选项', range: '数值范围', flag: '是否' };

const FIELD_SELECT_OPTIONS = (['text', 'option', 'range', 'flag'] as const).map((kind) => ({
  label: KIND_TITLE[kind],
  options: ALL_FIELDS.filter((f) => f.kind === kind).map((f) => ({ value: f.key, label: f.label })),
}));

function LogicSwitch({
  value,
  onChange,
  label,
  testId,
}: {
  value: Logic;
  onChange: (l: Logic) => void;
  label: string;
  testId?: string;
}) {
  return (
    <Radio.Group
      size="small"
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(e) => onChange(e.target.value as Logic)}
      aria-label={label}
      data-testid={testId}
      options={[
        { value: 'and', label: '且' },
        { value: 'or', label: '或' },
      ]}
    />
  );
}

function optionsFor(field: ConditionField, config: StaticConfig | undefined): readonly Option[] {
  switch (field) {
    case 'capitalBand':
      return config?.capitalBands ?? [];
    case 'establishBand':
      return config?.establishBands ?? [];
    case 'status':
      return config?.statuses ?? [];
    case 'orgType':
      return config?.orgTypes ?? [];
    case 'staffSize':
      return config?.staffSizes ?? [];
    case 'tag':
      return config?.tags ?? [];
    default:
      return [];
  }
}

/** Cascader values are paths; conditions keep the deepest code of each. */
function TreeSelect({
  tree,
  values,
  onChange,
  placeholder,
}: {
  tree: TreeOption[];
  values: string[];
  onChange: (codes: string[]) => void;
  placeholder: string;
}) {
  const pathOf = (code: string): string[] => {
    const find = (nodes: TreeOption[], trail: string[]): string[] | null => {
      for (const n of nodes) {
        if (n.value === code) return [...trail, n.value];
        const hit = n.children ? find(n.children, [...trail, n.value]) : null;
        if (hit) return hit;
      }
      return null;
    };
    return find(tree, []) ?? [code];
  };
  return (
    <Cascader
      multiple
      changeOnSelect
      showSearch
      maxTagCount="responsive"
      style={{ minWidth: 280, flex: 1 }}
      options={tree}
      value={values.map(pathOf)}
      placeholder={placeholder}
      onChange={(paths) => onChange((paths as string[][]).map((p) => p[p.length - 1]))}
    />
  );
}

function ValueEditor({
  cond,
  config,
  onChange,
}: {
  cond: AdvancedCondition;
  config: StaticConfig | undefined;
  onChange: (c: AdvancedCondition) => void;
}) {
  const kind = fieldKind(cond.field);
  if (kind === 'text') {
    const spec = TEXT_FIELDS.find((f) => f.key === cond.field);
    return (
      <Input
        style={{ width: 260 }}
        value={cond.value ?? ''}
        maxLength={100}
        allowClear
        placeholder={spec && spec.minLength > 1 ? `至少 ${spec.minLength} 个字符` : '请输入关键词'}
        onChange={(e) => onChange({ ...cond, value: e.target.value })}
        aria-label="关键词"
        data-testid="cond-value"
      />
    );
  }
  if (kind === 'option') {
    if (cond.field === 'region' || cond.field === 'industry')
      return (
        <TreeSelect
          tree={(cond.field === 'region' ? config?.regions : config?.industries) ?? []}
          values={cond.values ?? []}
          placeholder={cond.field === 'region' ? '选择省份或城市' : '选择行业门类或大类'}
          onChange={(values) => onChange({ ...cond, values })}
        />
      );
    return (
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 260, flex: 1 }}
        value={cond.values ?? []}
        placeholder="请选择"
        options={optionsFor(cond.field, config).map((o) => ({ value: o.key, label: o.label }))}
        onChange={(values: string[]) => onChange({ ...cond, values })}
        data-testid="cond-options"
      />
    );
  }
  if (kind === 'range')
    return (
      <Space.Compact>
        <InputNumber
          min={0}
          value={cond.min ?? null}
          placeholder="最低"
          onChange={(v) => onChange({ ...cond, min: v ?? undefined })}
          aria-label="下限（万）"
        />
        <InputNumber
          min={0}
          value={cond.max ?? null}
          placeholder="最高"
          addonAfter="万"
          onChange={(v) => onChange({ ...cond, max: v ?? undefined })}
          aria-label="上限（万）"
        />
      </Space.Compact>
    );
  return null;
}

/** AND/OR condition groups: conditions inside a group, and the groups with each other. */
export function ConditionEditor({
  value,
  config,
  onChange,
}: {
  value: AdvancedSearchCondition;
  config: StaticConfig | undefined;
  onChange: (c: AdvancedSearchCondition) => void;
}) {
  const setGroup = (gi: number, g: ConditionGroup) =>
    onChange({ ...value, groups: value.groups.map((old, i) => (i === gi ? g : old)) });
  const removeGroup = (gi: number) =>
    onChange({ ...value, groups: value.groups.filter((_g, i) => i !== gi) });

  return (
    <div data-testid="condition-editor">
      {value.groups.map((group, gi) => (
        <div key={gi}>
          {gi > 0 ? (
            <div className="adv-between">
              <LogicSwitch
                value={value.logic}
                onChange={(logic) => onChange({ ...value, logic })}
                label="条件组之间"
                testId="groups-logic"
              />
            </div>
          ) : null}
          <section
            className="adv-group"
            aria-label={`条件组 ${gi + 1}`}
            data-testid="condition-group"
          >
            <div className="adv-group-head">
              <strong>条件组 {gi + 1}</strong>
              <span className="ent-muted">组内条件</span>
              <LogicSwitch
                value={group.logic}
                onChange={(logic) => setGroup(gi, { ...group, logic })}
                label={`条件组 ${gi + 1} 组内`}
              />
              {value.groups.length > 1 ? (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => removeGroup(gi)}
                  style={{ marginLeft: 'auto' }}
                >
                  删除该组
                </Button>
              ) : null}
            </div>
            {group.conditions.map((cond, ci) => {
              const kind = fieldKind(cond.field);
              const setCond = (c: AdvancedCondition) =>
                setGroup(gi, {
                  ...group,
                  conditions: group.conditions.map((old, i) => (i === ci ? c : old)),
                });
              return (
                <div className="adv-cond" key={ci} data-testid="condition-row">
                  <Select<ConditionField>
                    style={{ width: 170 }}
                    value={cond.field}
                    options={FIELD_SELECT_OPTIONS}
                    onChange={(field) => setCond(newCondition(field))}
                    aria-label="字段"
                    data-testid="cond-field"
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                  <Select
                    style={{ width: 96 }}
                    value={cond.op}
                    options={OPS_BY_KIND[kind].map((o) => ({ value: o.key, label: o.label }))}
                    onChange={(op) => setCond({ ...cond, op })}
                    aria-label="比较方式"
                  />
                  <ValueEditor cond={cond} config={config} onChange={setCond} />
                  <Tooltip title="删除条件">
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label="删除条件"
                      onClick={() => {
                        const rest = group.conditions.filter((_c, i) => i !== ci);
                        if (rest.length === 0 && value.groups.length > 1) removeGroup(gi);
                        else setGroup(gi, { ...group, conditions: rest });
                      }}
                    />
                  </Tooltip>
                </div>
              );
            })}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={group.conditions.length >= MAX_CONDITIONS_PER_GROUP}
              onClick={() =>
                setGroup(gi, { ...group, conditions: [...group.conditions, newCondition()] })
              }
              data-testid="add-condition"
            >
              添加条件
            </Button>
          </section>
        </div>
      ))}
      <Button
        style={{ marginTop: 12 }}
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={value.groups.length >= MAX_GROUPS}
        onClick={() => onChange({ ...value, groups: [...value.groups, newGroup()] })}
        data-testid="add-group"
      >
        添加条件组
      </Button>
    </div>
  );
}
