'use client';

import type { ReactNode } from 'react';
import { Col, Form } from 'antd';
import type { Rule } from 'antd/es/form';

/**
 * One field of a CRM form as the entity declares it (CRM kit, ADR 0196): its name, label, width
 * in the 24-column grid, rules, and the input; or `node` for a field the kit does not draw.
 */
export type FieldDecl =
  | {
      name: string;
      label: string;
      span: number;
      rules?: Rule[];
      tooltip?: string;
      extra?: ReactNode;
      input: ReactNode;
    }
  | { key: string; span: number; node: ReactNode };

/** The declared fields in a form's grid; a field left out is `false` or null. */
export function FieldCols({ fields }: { fields: (FieldDecl | false | null | undefined)[] }) {
  return fields.map((f) =>
    !f ? null : 'node' in f ? (
      <Col key={f.key} span={f.span}>
        {f.node}
      </Col>
    ) : (
      <Col key={f.name} span={f.span}>
        <Form.Item
          name={f.name}
          label={f.label}
          rules={f.rules}
          tooltip={f.tooltip}
          extra={f.extra}
        >
          {f.input}
        </Form.Item>
      </Col>
    ),
  );
}
