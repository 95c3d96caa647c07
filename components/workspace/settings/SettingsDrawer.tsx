'use client';

import { useId } from 'react';
import { Alert, Button, Drawer, Radio, Spin, Switch } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { LayoutMode } from '@/lib/shared/workspace/layout-settings';
import { SystemNameField } from './SystemNameField';
import { ThemePicker } from './ThemePicker';
import { useLayoutSettings, type ServerSettingsStatus } from './useLayoutSettings';
import './settings.css';
import { WORKBENCH_BUILT } from '@/lib/shared/workspace/workspace-home';

/** Spec 9: drawer width 325. */
const DRAWER_WIDTH = 325;

const LAYOUT_CHOICES: ReadonlyArray<{ value: LayoutMode; label: string }> = [
  { value: 'inline', label: '侧边菜单' },
  { value: 'horizontal', label: '顶部菜单' },
];

/** A titled group of settings; the title names its controls for screen readers. */
function Section({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="ws-settings-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="ws-settings-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One switch with its visible label (a <label for>, so clicking the text toggles it too). */
function SwitchRow({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="ws-settings-row">
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} disabled={disabled} onChange={onChange} />
    </div>
  );
}

/** Why the saved-per-user settings cannot be changed right now, if they cannot. */
function ServerStatusNotice({
  status,
  onReload,
}: {
  status: ServerSettingsStatus;
  onReload: () => void;
}) {
  if (status === 'loading')
    return (
      <div className="ws-settings-notice" role="status">
        <Spin size="small" /> 正在读取个性化配置…
      </div>
    );
  if (status === 'signed-out')
    return (
      <Alert
        className="ws-settings-notice"
        type="info"
        showIcon
        title="登录后可设置主题风格、导航模式和系统名称"
      />
    );
  if (status === 'error')
    return (
      <Alert
        className="ws-settings-notice"
        type="warning"
        showIcon
        title="个性化配置读取失败，当前显示默认配置"
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={onReload}>
            重试
          </Button>
        }
      />
    );
  return null;
}

/**
 * 个性化配置 (spec 2.4, width 325): theme, navigation mode, tag strip, fixed header, system name
 * and whether the top bar shows 我的工作台. Every change applies at once through
 * useLayoutSettings; the per-user ones are saved for the user, the others kept in this browser.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings, update, reset, serverStatus, reload } = useLayoutSettings();
  const ids = {
    theme: useId(),
    layout: useId(),
    display: useId(),
    system: useId(),
    systemName: useId(),
  };
  // Saving per-user fields needs a signed-in user whose settings are known (or failed to load).
  const serverLocked = serverStatus === 'loading' || serverStatus === 'signed-out';

  return (
    <Drawer
      title="个性化配置"
      placement="right"
      size={DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Button block onClick={() => void reset()}>
          恢复默认
        </Button>
      }
    >
      <div className="ws-settings">
        <ServerStatusNotice status={serverStatus} onReload={reload} />

        <Section titleId={ids.theme} title="主题风格">
          <ThemePicker
            value={settings.theme}
            disabled={serverLocked}
            labelledBy={ids.theme}
            onChange={(theme) => void update({ theme })}
          />
        </Section>

        <Section titleId={ids.layout} title="导航模式">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[...LAYOUT_CHOICES]}
            value={settings.layout}
            disabled={serverLocked}
            aria-labelledby={ids.layout}
            onChange={(e) => void update({ layout: e.target.value as LayoutMode })}
          />
        </Section>

        <Section titleId={ids.display} title="界面显示">
          <SwitchRow
            label="显示标签栏"
            checked={settings.tagShow}
            onChange={(tagShow) => void update({ tagShow })}
          />
          <SwitchRow
            label="固定头部"
            checked={settings.fixHeader}
            onChange={(fixHeader) => void update({ fixHeader })}
          />
        </Section>

        <Section titleId={ids.system} title="系统设置">
          <div className="ws-settings-field">
            <label htmlFor={ids.systemName}>系统名称</label>
            <SystemNameField
              id={ids.systemName}
              value={settings.systemName}
              disabled={serverLocked}
              onSave={(systemName) => void update({ systemName })}
            />
          </div>
          {/* Offered once the workbench exists (it would open a 404 until then). */}
          {WORKBENCH_BUILT ? (
            <SwitchRow
              label="顶栏显示我的工作台"
              checked={settings.navigatorWorkbench}
              disabled={serverLocked}
              onChange={(navigatorWorkbench) => void update({ navigatorWorkbench })}
            />
          ) : null}
        </Section>
      </div>
    </Drawer>
  );
}
