import { defineContract } from '@/lib/shared/api/contract';
import {
  serverLayoutSettingsPatchSchema,
  serverLayoutSettingsSchema,
} from '@/lib/shared/workspace/layout-settings.schemas';

const tags = ['工作台'];

export const getUserLayoutSetting = defineContract({
  method: 'GET',
  path: '/system/user-layout-setting/get',
  summary:
    '个性化配置：当前用户的导航模式、主题风格、系统名称、顶栏是否显示我的工作台（未保存过时为默认值）',
  tags,
  access: 'user',
  response: serverLayoutSettingsSchema,
});

export const updateUserLayoutSetting = defineContract({
  method: 'PUT',
  path: '/system/user-layout-setting/update',
  summary: '保存个性化配置（只改传入的字段），返回保存后的全部配置',
  tags,
  access: 'user',
  body: serverLayoutSettingsPatchSchema,
  response: serverLayoutSettingsSchema,
});
