'use client';

import { Button, Col, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ContractInput } from '@/lib/shared/api/contract';
import type { ContractOf } from '@/lib/shared/api/endpoint';
import { createCustomer, updateCustomer } from '@/lib/shared/customer/customer.endpoints';
import type { CustomerView } from '@/lib/shared/customer/customer.contract';
import {
  CUSTOMER_CONTACTS_MAX,
  CUSTOMER_MANUAL_SOURCE,
  CUSTOMER_MESSAGES,
  CUSTOMER_TAGS_MAX,
  CUSTOMER_TAG_LENGTH_MAX,
  DEFAULT_CUSTOMER_LEVEL,
  type CustomerLevel,
  type CustomerSource,
} from '@/lib/shared/customer/customer.constants';
import { FIELD_RULES } from '@/components/clue/field-rules';
import { RecordFormModal } from '@/components/crm/kit/RecordFormModal';
import { FieldCols } from '@/components/crm/kit/FieldCols';
import { MemberSelect } from '@/components/crm/MemberSelect';
import { EMAIL_RULES } from '@/components/crm/rules';
import { AddressField, CreditCodeField, RemarkField } from '@/components/crm/fields';
import { EnterprisePicker } from './EnterprisePicker';
import { useCustomerTags } from './shared';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import { CONVERTED_SOURCE_CODE } from '@/lib/shared/code-group/code-group.constants';

type ContactValues = {
  name?: string;
  mobile?: string;
  phone?: string;
  email?: string;
  position?: string;
};
type Values = {
  enterpriseId?: number | null;
  name?: string;
  creditCode?: string;
  level?: CustomerLevel;
  source?: CustomerSource;
  ownerUserId?: number;
  tags?: string[];
  contacts?: ContactValues[];
  address?: string;
  remark?: string;
};

const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function toValues(c: CustomerView): Values {
  return {
    enterpriseId: c.enterpriseId,
    name: c.name,
    creditCode: c.creditCode ?? undefined,
    level: c.level,
    source: c.source as CustomerSource,
    tags: c.tags,
    contacts: c.contacts.map((k) => ({
      name: k.name,
      mobile: k.mobile ?? undefined,
      phone: k.phone ?? undefined,
      email: k.email ?? undefined,
      position: k.position ?? undefined,
    })),
    address: c.address ?? undefined,
    remark: c.remark ?? undefined,
  };
}

/** Tag rules of the contract, checked as the user types (≤ 10 tags of ≤ 20 characters). */
const tagRule = {
  validator: async (_r: unknown, value: unknown) => {
    const list = Array.isArray(value) ? (value as string[]) : [];
    if (list.length > CUSTOMER_TAGS_MAX) throw new Error(CUSTOMER_MESSAGES.tooManyTags);
    if (list.some((t) => t.trim().length > CUSTOMER_TAG_LENGTH_MAX))
      throw new Error(CUSTOMER_MESSAGES.tagTooLong);
  },
};

/** 新建客户 / 编辑客户: `customer` null creates. Contacts and tags are sent as whole lists. */
export function CustomerFormModal({
  open,
  customer,
  onClose,
  onDone,
}: {
  open: boolean;
  customer: CustomerView | null;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const sources = useCodeGroup('clueSource');
  const levels = useCodeGroup('customerLevel');
  const presetTags = useCodeGroup('customerTag');
  const tags = useCustomerTags(open);
  const linked = Form.useWatch('enterpriseId', form);

  /** The typed-in fields as create and update take them; contacts and tags as whole lists. */
  const body = (
    v: Values,
  ): Omit<ContractInput<ContractOf<typeof updateCustomer>>['body'], 'id'> => ({
    name: blank(v.name),
    enterpriseId: v.enterpriseId ?? null,
    creditCode: blank(v.creditCode),
    level: v.level,
    source: v.source ?? null,
    tags: (v.tags ?? []).map((t) => t.trim()).filter(Boolean),
    contacts: (v.contacts ?? [])
      .filter((k) => blank(k.name))
      .map((k) => ({
        name: (k.name ?? '').trim(),
        mobile: blank(k.mobile),
        phone: blank(k.phone),
        email: blank(k.email),
        position: blank(k.position),
      })),
    address: blank(v.address),
    remark: blank(v.remark),
  });

  return (
    <RecordFormModal<CustomerView, Values>
      noun="客户"
      record={customer}
      form={form}
      open={open}
      width={800}
      className="cust-form"
      values={toValues}
      defaults={{
        level: DEFAULT_CUSTOMER_LEVEL,
        source: CUSTOMER_MANUAL_SOURCE,
        contacts: [{}],
      }}
      contracts={{ create: createCustomer, update: updateCustomer }}
      body={body}
      createOnly={(v) => ({ ownerUserId: v.ownerUserId ?? null })}
      onClose={onClose}
      onDone={onDone}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="enterpriseId"
            label="关联企业"
            tooltip="关联后客户名称、信用代码默认取自企业"
          >
            <EnterprisePicker
              initial={
                customer?.enterpriseId
                  ? { id: customer.enterpriseId, name: customer.name, uncid: customer.creditCode }
                  : null
              }
              onChange={(id, picked) => {
                form.setFieldValue('enterpriseId', id);
                if (picked)
                  form.setFieldsValue({
                    name: picked.name,
                    creditCode: picked.uncid ?? undefined,
                  });
              }}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="name"
            label="客户名称"
            rules={[
              { required: !linked, whitespace: true, message: CUSTOMER_MESSAGES.nameRequired },
              { max: 100, message: CUSTOMER_MESSAGES.nameTooLong },
            ]}
          >
            <Input placeholder="企业名称" />
          </Form.Item>
        </Col>
        <FieldCols
          fields={[
            {
              key: 'creditCode',
              span: 12,
              node: <CreditCodeField message={'请输入正确的统一社会信用代码'} />,
            },
            {
              name: 'level',
              label: '客户级别',
              span: 6,
              input: <Select aria-label="客户级别" options={levels.options(customer?.level)} />,
            },
            {
              name: 'source',
              label: '客户来源',
              span: 6,
              input: (
                <Select
                  aria-label="客户来源"
                  showSearch
                  optionFilterProp="label"
                  options={[
                    ...sources.options(customer?.source),
                    ...(customer?.source === CONVERTED_SOURCE_CODE
                      ? [{ label: CONVERTED_SOURCE_CODE, value: CONVERTED_SOURCE_CODE }]
                      : []),
                  ]}
                />
              ),
            },
            {
              name: 'tags',
              label: '标签',
              span: customer ? 24 : 16,
              rules: [tagRule],
              extra: `最多 ${CUSTOMER_TAGS_MAX} 个，回车添加`,
              input: (
                <Select
                  mode="tags"
                  aria-label="标签"
                  placeholder="输入后回车"
                  tokenSeparators={[',', '，']}
                  options={[
                    ...new Set([...presetTags.options().map((o) => o.value), ...(tags.data ?? [])]),
                  ].map((t) => ({ label: t, value: t }))}
                />
              ),
            },
            !customer && {
              name: 'ownerUserId',
              label: '负责人',
              span: 8,
              tooltip: '不选则为自己',
              input: <MemberSelect placeholder="自己" />,
            },
          ]}
        />
      </Row>

      <div className="cust-form-section">联系人</div>
      <Form.List name="contacts">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={8} key={field.key} className="cust-contact-row" align="top">
                <Col span={4}>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_r, value: unknown) => {
                          const row = (getFieldValue(['contacts', field.name]) ??
                            {}) as ContactValues;
                          const any = [row.mobile, row.phone, row.email, row.position].some(
                            (x) => x && x.trim(),
                          );
                          const v = typeof value === 'string' ? value.trim() : '';
                          if (any && !v) throw new Error(CUSTOMER_MESSAGES.contactNameRequired);
                          if (v.length > 30) throw new Error(CUSTOMER_MESSAGES.contactNameTooLong);
                        },
                      }),
                    ]}
                  >
                    <Input placeholder="姓名" aria-label={`联系人${i + 1}姓名`} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[field.name, 'mobile']} rules={[FIELD_RULES.mobile]}>
                    <Input placeholder="手机号" maxLength={11} aria-label={`联系人${i + 1}手机`} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[field.name, 'phone']} rules={[FIELD_RULES.landline]}>
                    <Input placeholder="座机 0592-5123412" aria-label={`联系人${i + 1}座机`} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[field.name, 'email']} rules={EMAIL_RULES}>
                    <Input placeholder="邮箱" aria-label={`联系人${i + 1}邮箱`} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item
                    name={[field.name, 'position']}
                    rules={[{ max: 50, message: CUSTOMER_MESSAGES.positionTooLong }]}
                  >
                    <Input placeholder="职位" aria-label={`联系人${i + 1}职位`} />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`删除联系人${i + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= CUSTOMER_CONTACTS_MAX}
              onClick={() => add({})}
              className="cust-add-contact"
            >
              添加联系人
            </Button>
          </>
        )}
      </Form.List>

      <Row gutter={16}>
        <Col span={24}>
          <AddressField />
        </Col>
        <Col span={24}>
          <RemarkField rows={2} />
        </Col>
      </Row>
    </RecordFormModal>
  );
}
