'use client';

import { Form, Input } from 'antd';
import { creditCodeRule } from './rules';

/** The form fields every CRM record has, with the same rules as the server's contract. */

export function CreditCodeField({ message }: { message: string }) {
  return (
    <Form.Item name="creditCode" label="统一社会信用代码" rules={[creditCodeRule(message)]}>
      <Input placeholder="18 位代码" maxLength={18} />
    </Form.Item>
  );
}

export function AddressField() {
  return (
    <Form.Item name="address" label="地址" rules={[{ max: 200 }]}>
      <Input />
    </Form.Item>
  );
}

export function RemarkField({ rows }: { rows: number }) {
  return (
    <Form.Item name="remark" label="备注" rules={[{ max: 500 }]}>
      <Input.TextArea rows={rows} showCount maxLength={500} />
    </Form.Item>
  );
}
