'use client';

import { useState } from 'react';
import {
  Alert,
  AutoComplete,
  Button,
  Cascader,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '@/lib/client/request';
import { useSuggestions } from '@/lib/client/use-suggestions';
import type { ContractInput } from '@/lib/shared/api/contract';
import type { ContractOf } from '@/lib/shared/api/endpoint';
import { createClue, getClueEnterpriseFill, updateClue } from '@/lib/shared/clue/clue.endpoints';
import { openapiPaid } from '@/lib/shared/search/search.endpoints';
import type { ClueEnterpriseFill, ClueView } from '@/lib/shared/clue/clue.contract';
import { CLUE_MESSAGES, MANUAL_SOURCE } from '@/lib/shared/clue/clue.constants';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import type { EnterpriseSuggestion } from '@/lib/shared/search/search.contract';
import { errorText } from '@/components/employee/errors';
import { RecordFormModal } from '@/components/crm/kit/RecordFormModal';
import { FieldCols } from '@/components/crm/kit/FieldCols';
import { MemberSelect } from '@/components/crm/MemberSelect';
import { EMAIL_RULES } from '@/components/crm/rules';
import { AddressField, CreditCodeField, RemarkField } from '@/components/crm/fields';
import { FIELD_RULES } from './field-rules';
import { industryOptions, pathTo, regionPath } from './options';
import { RegionCascader } from './RegionCascader';
import { useFeedback } from '@/lib/client/feedback';

/** Company suggestions while typing a lead name: as the search box (debounced, at most 8). */
const SUGGEST_DEBOUNCE_MS = 300;
const SUGGEST_LIMIT = 8;

/** The company a lead is linked to. */
type Linked = { id: number; name: string; creditCode: string | null };

type Values = {
  name?: string;
  creditCode?: string;
  contactName?: string;
  contactMobile?: string;
  contactPhone?: string;
  contactEmail?: string;
  website?: string;
  wechat?: string;
  region?: string[];
  industry?: string[];
  address?: string;
  source?: string;
  followUserId?: number;
  nextFollowTime?: Dayjs | null;
  remark?: string;
};

const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function toValues(clue: ClueView): Values {
  return {
    name: clue.name,
    creditCode: clue.creditCode ?? undefined,
    contactName: clue.contactName ?? undefined,
    contactMobile: clue.contactMobile ?? undefined,
    contactPhone: clue.contactPhone ?? undefined,
    contactEmail: clue.contactEmail ?? undefined,
    website: clue.website ?? undefined,
    wechat: clue.wechat ?? undefined,
    region: regionPath(clue.provinceCode, clue.cityCode, clue.districtCode),
    industry: pathTo(industryOptions(), clue.industryCode),
    address: clue.address ?? undefined,
    source: clue.source,
    nextFollowTime: clue.nextFollowTime ? dayjs(clue.nextFollowTime) : null,
    remark: clue.remark ?? undefined,
  };
}

/** 新建线索 / 编辑线索: `clue` null creates. Edit sends every typed-in field (update replaces them). */
export function ClueFormModal({
  open,
  clue,
  onClose,
  onDone,
}: {
  open: boolean;
  clue: ClueView | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const sources = useCodeGroup('clueSource');
  const [linked, setLinked] = useState<Linked | null>(null);
  const [existing, setExisting] = useState<ClueEnterpriseFill['existingClue']>(null);
  const [linking, setLinking] = useState(false);
  // The form opens with the lead's own link (edit) or none (create).
  const [openedFor, setOpenedFor] = useState<{ open: boolean; clue: ClueView | null }>({
    open: false,
    clue: null,
  });
  if (openedFor.open !== open || openedFor.clue !== clue) {
    setOpenedFor({ open, clue });
    setLinked(
      clue?.enterpriseId
        ? { id: clue.enterpriseId, name: clue.name, creditCode: clue.creditCode }
        : null,
    );
    setExisting(null);
  }

  /** Links the chosen company and fills the form from it: name, code, region, industry. */
  async function link(s: EnterpriseSuggestion) {
    setLinking(true);
    try {
      const e = await call(
        getClueEnterpriseFill,
        { query: { enterpriseId: s.ent_id } },
        { silent: true },
      );
      setLinked({ id: e.enterpriseId, name: e.name, creditCode: e.creditCode });
      setExisting(e.existingClue && e.existingClue.id !== clue?.id ? e.existingClue : null);
      const current = form.getFieldsValue();
      form.setFieldsValue({
        name: e.name,
        creditCode: e.creditCode ?? undefined,
        region: regionPath(e.provinceCode, e.cityCode, e.districtCode),
        industry: pathTo(industryOptions(), e.industryCode),
        address: current.address?.trim() ? current.address : (e.address ?? undefined),
        website: current.website?.trim() ? current.website : (e.website ?? undefined),
      });
      void form.validateFields(['name', 'creditCode']).catch(() => undefined);
    } catch (err) {
      message.error(errorText(err, '企业信息加载失败'));
    } finally {
      setLinking(false);
    }
  }

  /** The typed-in fields as create and update take them (empty text is sent as null). */
  function body(v: Values): Omit<ContractInput<ContractOf<typeof updateClue>>['body'], 'id'> {
    const region = v.region ?? [];
    return {
      name: blank(v.name),
      enterpriseId: linked?.id ?? null,
      creditCode: blank(v.creditCode),
      contactName: blank(v.contactName),
      contactMobile: blank(v.contactMobile),
      contactPhone: blank(v.contactPhone),
      contactEmail: blank(v.contactEmail),
      website: blank(v.website),
      wechat: blank(v.wechat),
      provinceCode: region[0] ?? null,
      cityCode: region[1] ?? null,
      districtCode: region[2] ?? null,
      industryCode: v.industry?.length ? v.industry[v.industry.length - 1] : null,
      address: blank(v.address),
      remark: blank(v.remark),
      nextFollowTime: v.nextFollowTime ? v.nextFollowTime.valueOf() : null,
      source: v.source ?? null,
    };
  }

  return (
    <RecordFormModal<ClueView, Values>
      noun="线索"
      record={clue}
      form={form}
      open={open}
      width={760}
      name="clue-form"
      className="clue-form"
      values={toValues}
      defaults={{ source: MANUAL_SOURCE }}
      contracts={{ create: createClue, update: updateClue }}
      body={body}
      createOnly={(v) => ({ followUserId: v.followUserId ?? null })}
      onClose={onClose}
      onDone={onDone}
    >
      {existing ? (
        <Alert
          type="warning"
          showIcon
          className="clue-form-alert"
          title={`该企业已在线索中：「${existing.name}」（跟进人：${existing.owner}）`}
        />
      ) : null}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label="线索名称"
            rules={[
              {
                required: !clue?.enterpriseId,
                whitespace: true,
                message: CLUE_MESSAGES.nameRequired,
              },
              { max: 100, message: CLUE_MESSAGES.nameTooLong },
            ]}
          >
            <EnterpriseNameInput onPick={(s) => void link(s)} />
          </Form.Item>
          {linked ? (
            <div className="clue-linked" aria-label="关联企业">
              <span>
                已关联企业：{linked.name}
                {linked.creditCode ? `（${linked.creditCode}）` : ''}
              </span>
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setLinked(null);
                  setExisting(null);
                }}
              >
                取消关联
              </Button>
            </div>
          ) : linking ? (
            <div className="clue-linked clue-muted">正在读取企业信息…</div>
          ) : null}
        </Col>
        <FieldCols
          fields={[
            {
              key: 'creditCode',
              span: 12,
              node: <CreditCodeField message={CLUE_MESSAGES.creditCodeInvalid} />,
            },
            {
              name: 'contactName',
              label: '联系人',
              span: 8,
              rules: [{ max: 30 }],
              input: <Input />,
            },
            {
              name: 'contactMobile',
              label: '手机号',
              span: 8,
              rules: [FIELD_RULES.mobile],
              input: <Input maxLength={11} />,
            },
            {
              name: 'contactPhone',
              label: '座机',
              span: 8,
              rules: [FIELD_RULES.landline],
              input: <Input placeholder="0592-5123412" />,
            },
            { name: 'contactEmail', label: '邮箱', span: 8, rules: EMAIL_RULES, input: <Input /> },
            {
              name: 'website',
              label: '网址',
              span: 8,
              rules: [FIELD_RULES.link, { max: 200, message: '网址最多 200 个字符' }],
              input: <Input placeholder="https://" />,
            },
            { name: 'wechat', label: '微信号', span: 8, rules: [{ max: 50 }], input: <Input /> },
            { name: 'region', label: '所在地区', span: 12, input: <RegionCascader eager={open} /> },
            {
              name: 'industry',
              label: '所属行业',
              span: 12,
              input: (
                <Cascader
                  options={industryOptions()}
                  changeOnSelect
                  showSearch
                  placeholder="行业"
                />
              ),
            },
            { key: 'address', span: 24, node: <AddressField /> },
            {
              name: 'source',
              label: '线索来源',
              span: 8,
              // A tenant's own sources make the list long: typing narrows it.
              input: (
                <Select
                  aria-label="线索来源"
                  showSearch
                  optionFilterProp="label"
                  options={sources.options(clue?.source)}
                />
              ),
            },
            !clue && {
              name: 'followUserId',
              label: '跟进人',
              span: 8,
              tooltip: '不选则为自己',
              input: <MemberSelect placeholder="自己" />,
            },
            {
              name: 'nextFollowTime',
              label: '下次跟进',
              span: 8,
              input: (
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                />
              ),
            },
            { key: 'remark', span: 24, node: <RemarkField rows={3} /> },
          ]}
        />
      </Row>
    </RecordFormModal>
  );
}

/**
 * 线索名称 with company suggestions (the search box's /enterprise/suggest through the openapi
 * proxy). Typing stays free text; choosing a suggestion calls `onPick`.
 */
function EnterpriseNameInput({
  value,
  onChange,
  onPick,
}: {
  value?: string;
  onChange?: (v: string) => void;
  onPick: (s: EnterpriseSuggestion) => void;
}) {
  const { options, search } = useSuggestions<EnterpriseSuggestion>(
    (keyword, signal) =>
      call(
        openapiPaid.suggest,
        { body: { keyword, size: SUGGEST_LIMIT, type: 'enterprise' } },
        { signal, silent: true },
      ),
    { limit: SUGGEST_LIMIT, delayMs: SUGGEST_DEBOUNCE_MS },
  );

  return (
    <AutoComplete
      value={value}
      options={options.map((s) => ({
        key: String(s.ent_id),
        value: s.entname,
        ent: s,
        label: (
          <div className="clue-suggest">
            <span>{s.entname}</span>
            <span className="clue-muted">{s.uncid}</span>
          </div>
        ),
      }))}
      onSearch={search}
      onChange={(v: string) => onChange?.(v)}
      onSelect={(_v: string, option: { ent?: EnterpriseSuggestion }) => {
        if (option.ent) onPick(option.ent);
      }}
    >
      <Input placeholder="企业名称，输入 2 个字以上可选择企业" aria-label="线索名称" />
    </AutoComplete>
  );
}
