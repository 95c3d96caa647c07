'use client';

import { App, Form } from 'antd';
import { call } from '@/lib/client/request';
import {
  createOpportunity,
  updateOpportunity,
  type OpportunityView,
} from '@/lib/shared/opportunity/opportunity.contract';
import { OPPORTUNITY_MESSAGES } from '@/lib/shared/opportunity/opportunity.constants';
import { CustomerPicker } from '@/components/customer/CustomerPicker';
import { FormModal } from '@/components/crm/FormModal';
import { fenToYuan } from './money';
import { OpportunityFieldItems } from './OpportunityFieldItems';
import { fromDate, toOpportunityFields, useStages, type OpportunityFormValues } from './shared';

type Values = OpportunityFormValues & { customerId?: number };

/**
 * 新建商机 / 编辑商机. New: for `customerId` when given, else a customer is chosen. Edit: the
 * stage is not here (it moves on the kanban), the rest is replaced.
 */
export function OpportunityFormModal({
  open,
  opportunity,
  customerId,
  onClose,
  onDone,
}: {
  open: boolean;
  opportunity: OpportunityView | null;
  customerId?: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const stages = useStages(open && !opportunity);

  async function save(v: Values) {
    const fields = toOpportunityFields(v);
    if (opportunity) {
      await call(
        updateOpportunity,
        {
          body: {
            id: opportunity.id,
            name: fields.name,
            amount: fields.amount,
            expectedCloseDate: fields.expectedCloseDate,
            probability: fields.probability,
            remark: fields.remark,
          },
        },
        { silent: true },
      );
      message.success('商机已保存');
    } else {
      await call(
        createOpportunity,
        { body: { ...fields, customerId: customerId ?? v.customerId ?? 0 } },
        { silent: true },
      );
      message.success('商机已新建');
    }
    onDone();
  }

  return (
    <FormModal
      form={form}
      title={opportunity ? '编辑商机' : '新建商机'}
      open={open}
      width={680}
      onClose={onClose}
      onSave={save}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          opportunity
            ? {
                name: opportunity.name,
                amountYuan: fenToYuan(opportunity.amount),
                expectedCloseDate: fromDate(opportunity.expectedCloseDate),
                probability: opportunity.probability,
                remark: opportunity.remark ?? undefined,
              }
            : {}
        }
      >
        {!opportunity && customerId === undefined ? (
          <Form.Item
            name="customerId"
            label="客户"
            rules={[{ required: true, message: OPPORTUNITY_MESSAGES.customerRequired }]}
          >
            <CustomerPicker />
          </Form.Item>
        ) : null}
        <OpportunityFieldItems stages={opportunity ? null : (stages.data ?? [])} />
      </Form>
    </FormModal>
  );
}
