import { renderToString } from 'react-dom/server';
import { Form, Input } from 'antd';
import { FieldCols } from '../FieldCols';

// The icon package ships ES modules jest does not load; the markup is what is tested.
jest.mock('@ant-design/icons', () => new Proxy({}, { get: () => () => null }));

describe('FieldCols (the form frame of the CRM kit)', () => {
  const draw = (creating: boolean) =>
    renderToString(
      <Form name="t">
        <FieldCols
          fields={[
            { name: 'contactName', label: '联系人', span: 8, input: <Input /> },
            { key: 'note', span: 24, node: <p>自定义</p> },
            creating && {
              name: 'ownerUserId',
              label: '负责人',
              span: 8,
              tooltip: '不选则为自己',
              input: <Input />,
            },
          ]}
        />
      </Form>,
    );

  it('draws each declared field in its column with its label and the entity’s own nodes', () => {
    const html = draw(true);
    expect(html).toContain('ant-col-8');
    expect(html).toContain('ant-col-24');
    expect(html).toContain('联系人');
    expect(html).toContain('id="t_contactName"');
    expect(html).toContain('<p>自定义</p>');
    expect(html).toContain('负责人');
  });

  it('leaves out a field declared as false (create-only fields when editing)', () => {
    const html = draw(false);
    expect(html).not.toContain('负责人');
    expect(html).toContain('联系人');
  });
});
