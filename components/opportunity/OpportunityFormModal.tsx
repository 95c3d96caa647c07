'use client';

import { Form } from 'antd';
import type { ContractInput } from '@/lib/shared/api/contract';
import type { ContractOf } from '@/lib/shared/api/endpoint';
import {
  createOpportunity,
  updateOpportunity,
} from '@/lib/shared/opportunity/opportunity.endpoints';
import type { OpportunityView } from '@/lib/shared/opportunity/opportunity.contract';
import { OPPORTUNITY_MESSAGES } from '@/lib/shared/opportunity/opportunity.constants';
import { CustomerPicker } from '@/components/customer/CustomerPicker';
import { RecordFormModal } from '@/components/crm/kit/RecordFormModal';
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
  const [form] = Form.useForm<Values>();
  const stages = useStages(open && !opportunity);

  return (
    <RecordFormModal<OpportunityView, Values>
      noun="商机"
      record={opportunity}
      form={form}
      open={open}
      width={680}
      values={(o) => ({
        name: o.name,
        amountYuan: fenToYuan(o.amount),
        expectedCloseDate: fromDate(o.expectedCloseDate),
        probability: o.probability,
        remark: o.remark ?? undefined,
      })}
      defaults={{}}
      contracts={{ create: createOpportunity, update: updateOpportunity }}
      body={toOpportunityFields}
      createOnly={(v) => ({ customerId: customerId ?? v.customerId ?? 0 })}
      updateBody={(v): Omit<ContractInput<ContractOf<typeof updateOpportunity>>['body'], 'id'> => {
        // The stage is not here: it moves on the kanban.
        const { name, amount, expectedCloseDate, probability, remark } = toOpportunityFields(v);
        return { name, amount, expectedCloseDate, probability, remark };
      }}
      onClose={onClose}
      onDone={onDone}
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
    </RecordFormModal>
  );
}
