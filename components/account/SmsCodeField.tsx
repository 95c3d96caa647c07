'use client';

import { Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { SmsCodeButton } from '@/components/captcha';
import { changeFormCodeSchema, zodRule, type SmsScene } from '@/lib/shared/validation';
import type { z } from 'zod';

/**
 * 验证码 row of the account forms: the code input (field `code`) beside the send button
 * (60 s countdown outside the login screen, spec 4.2). In demo mode the sent code is filled in.
 */
export function SmsCodeField({
  form,
  scene,
  getMobile,
  ariaLabel = '验证码',
  schema = changeFormCodeSchema,
}: {
  form: FormInstance;
  scene: SmsScene;
  getMobile: () => string | undefined;
  ariaLabel?: string;
  schema?: z.ZodType;
}) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="code"
          noStyle
          validateTrigger={['onChange', 'onBlur']}
          rules={[zodRule(schema)]}
        >
          <Input placeholder="请输入验证码" maxLength={6} aria-label={ariaLabel} />
        </Form.Item>
        <SmsCodeButton
          getMobile={getMobile}
          scene={scene}
          seconds={60}
          onSent={(code) => code && form.setFieldsValue({ code })}
        />
      </Space.Compact>
    </Form.Item>
  );
}
