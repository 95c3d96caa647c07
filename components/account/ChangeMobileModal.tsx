'use client';

import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Steps } from 'antd';
import {
  changeFormPhoneSchema,
  maskMobile,
  mobileSchema,
  SMS_SCENES,
  zodRule,
} from '@/lib/shared/validation';
import { call } from '@/lib/client/request';
import { updateUserMobile, verifyCurrentMobile } from '@/lib/shared/user/user.endpoints';
import { errorText, logoutAndGo } from './account-session';
import { SmsCodeField } from './SmsCodeField';
import { useFeedback } from '@/lib/client/feedback';

/** Spec 9: after a phone change the user is logged out and sent to login after 1 s. */
const LOGOUT_DELAY_MS = 1000;

type Step0 = { code: string };
type Step1 = { mobile: string; code: string };

/** 变更手机号码 (spec 2.7, 4.7): verify the current number (step 0), then bind the new one (step 1). */
export function ChangeMobileModal({
  open,
  mobile,
  onClose,
}: {
  open: boolean;
  mobile: string;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [step, setStep] = useState<0 | 1>(0);
  const [authCode, setAuthCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [form0] = Form.useForm<Step0>();
  const [form1] = Form.useForm<Step1>();

  function close() {
    setStep(0);
    setAuthCode('');
    onClose();
  }

  async function next() {
    const step0 = await form0.validateFields().catch(() => null);
    if (!step0) return;
    const { code } = step0;
    setBusy(true);
    try {
      setAuthCode(
        await call(
          verifyCurrentMobile,
          { body: { mobile, verificationCode: code.trim() } },
          { silent: true },
        ),
      );
      setStep(1);
    } catch (err) {
      message.error(errorText(err, '验证失败'));
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    const values = await form1.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await call(
        updateUserMobile,
        {
          body: {
            mobile: values.mobile.trim(),
            verificationCode: values.code.trim(),
            authCode,
          },
        },
        { silent: true },
      );
      message.success('修改手机号码成功');
      // Every session of the account has ended on the server; sign in again with the new number.
      window.setTimeout(() => void logoutAndGo('/login'), LOGOUT_DELAY_MS);
    } catch (err) {
      message.error(errorText(err, '修改失败'));
      setBusy(false);
    }
  }

  return (
    <Modal
      title="变更手机号码"
      open={open}
      onCancel={close}
      width={520}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          {step === 0 ? (
            <Button type="primary" loading={busy} onClick={next}>
              下一步
            </Button>
          ) : (
            <Button type="primary" loading={busy} onClick={submit}>
              确定
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ margin: '8px 0 24px' }}
        items={[{ title: '验证当前手机号' }, { title: '绑定新手机号' }]}
      />
      {step === 0 ? (
        // The keys keep React from reusing step 0's Form for step 1: a reused Form keeps the store
        // of the first instance it was given, so form1 would validate to {} and submit nothing.
        <Form key="verify-current" form={form0} layout="vertical" preserve={false}>
          <Form.Item label="当前手机号">
            <Input value={maskMobile(mobile)} readOnly aria-label="当前手机号" />
          </Form.Item>
          <SmsCodeField form={form0} scene={SMS_SCENES.changeMobile} getMobile={() => mobile} />
        </Form>
      ) : (
        <Form key="bind-new" form={form1} layout="vertical" preserve={false}>
          <Form.Item
            name="mobile"
            label="新手机号"
            required
            rules={[zodRule(changeFormPhoneSchema), zodRule(mobileSchema)]}
          >
            <Input placeholder="请输入电话号码" maxLength={11} aria-label="新手机号" />
          </Form.Item>
          <SmsCodeField
            form={form1}
            scene={SMS_SCENES.changeMobile}
            getMobile={() => form1.getFieldValue('mobile') as string | undefined}
            ariaLabel="新手机验证码"
          />
        </Form>
      )}
    </Modal>
  );
}
