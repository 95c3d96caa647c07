'use client';

import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { StageView } from '@/lib/shared/opportunity/opportunity.contract';
import {
  AMOUNT_MAX_FEN,
  OPPORTUNITY_MESSAGES,
} from '@/lib/shared/opportunity/opportunity.constants';

/**
 * The fields of an opportunity inside a Form (new opportunity, edit, and 转为客户 with an
 * opportunity). `prefix` nests them (e.g. ['opportunity']); `stages` null hides the stage choice
 * (an existing opportunity moves with the kanban).
 */
export function OpportunityFieldItems({
  prefix = [],
  stages,
}: {
  prefix?: string[];
  stages: readonly StageView[] | null;
}) {
  const n = (k: string) => [...prefix, k];
  const open = (stages ?? []).filter((s) => s.type === 'open');
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name={n('name')}
          label="商机名称"
          rules={[
            { required: true, whitespace: true, message: OPPORTUNITY_MESSAGES.nameRequired },
            { max: 100, message: OPPORTUNITY_MESSAGES.nameTooLong },
          ]}
        >
          <Input placeholder="如：2026 年度采购" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={n('amountYuan')}
          label="金额（元）"
          rules={[
            {
              validator: async (_r, v: unknown) => {
                if (v === null || v === undefined || v === '') return;
                const x = Number(v);
                if (!Number.isFinite(x) || x < 0) throw new Error('金额不能小于 0');
                if (Math.round(x * 100) > AMOUNT_MAX_FEN)
                  throw new Error(OPPORTUNITY_MESSAGES.amountTooLarge);
              },
            },
          ]}
        >
          <InputNumber
            min={0}
            precision={2}
            step={1000}
            style={{ width: '100%' }}
            placeholder="0.00"
            aria-label="金额（元）"
          />
        </Form.Item>
      </Col>
      {stages ? (
        <Col span={8}>
          <Form.Item name={n('stageId')} label="阶段" tooltip="不选则为第一个阶段">
            <Select
              allowClear
              placeholder={open[0]?.name ?? '第一个阶段'}
              aria-label="阶段"
              options={open.map((s) => ({ label: `${s.name}（${s.probability}%）`, value: s.id }))}
            />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={stages ? 8 : 12}>
        <Form.Item name={n('expectedCloseDate')} label="预计成交日期">
          <DatePicker style={{ width: '100%' }} aria-label="预计成交日期" />
        </Form.Item>
      </Col>
      <Col span={stages ? 8 : 12}>
        <Form.Item name={n('probability')} label="赢单概率（%）" tooltip="不填则取阶段的默认概率">
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={n('remark')} label="备注" rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}
