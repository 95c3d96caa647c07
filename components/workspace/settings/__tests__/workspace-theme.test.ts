import { theme } from 'antd';
import { siderMenuTheme, workspaceThemeClass, workspaceThemeConfig } from '../workspace-theme';
import type { WorkspaceTheme } from '@/lib/shared/workspace/layout-settings';

describe('workspaceThemeConfig', () => {
  it('uses real antd algorithms: default for mixins and white, dark for dark', () => {
    expect(workspaceThemeConfig('mixins').algorithm).toBe(theme.defaultAlgorithm);
    expect(workspaceThemeConfig('white').algorithm).toBe(theme.defaultAlgorithm);
    expect(workspaceThemeConfig('dark').algorithm).toBe(theme.darkAlgorithm);
  });

  it.each<WorkspaceTheme>(['mixins', 'white'])('uses the accessible dark blue in %s', (t) => {
    expect(workspaceThemeConfig(t).token?.colorPrimary).toBe('#0958d9');
  });

  it('keeps the brand blue for the dark algorithm', () => {
    expect(workspaceThemeConfig('dark').token?.colorPrimary).toBe('#1677ff');
  });

  it('gives the same object for the same theme (no style rebuild per render)', () => {
    expect(workspaceThemeConfig('dark')).toBe(workspaceThemeConfig('dark'));
    expect(workspaceThemeConfig('dark', false)).toBe(workspaceThemeConfig('dark', false));
  });

  it('keeps the light tokens out of the dark theme, which carries reduced motion itself', () => {
    // Light surfaces' dark greys and darker tag shades would be unreadable on dark ones.
    expect(workspaceThemeConfig('dark').inherit).toBe(false);
    expect(workspaceThemeConfig('dark').token?.motion).toBeUndefined();
    expect(workspaceThemeConfig('dark', false).token?.motion).toBe(false);
    const dark = theme.getDesignToken(workspaceThemeConfig('dark'));
    expect(dark.colorTextSecondary.replace(/ /g, '')).toMatch(/^rgba\(255,255,255,/);
  });

  it.each<WorkspaceTheme>(['mixins', 'white'])('meets AA contrast on light surfaces in %s', (t) => {
    const token = theme.getDesignToken(workspaceThemeConfig(t));
    expect(token.colorTextPlaceholder).toBe('rgba(0, 0, 0, 0.55)');
    expect(token.colorError).toBe('#cf1322');
    expect(token.orange7).toBe('#ad4e00');
    expect(token['orange-7']).toBe('#ad4e00');
  });

  it('derives dark surfaces from the dark algorithm', () => {
    const dark = theme.getDesignToken(workspaceThemeConfig('dark'));
    const light = theme.getDesignToken(workspaceThemeConfig('white'));
    expect(dark.colorBgContainer).not.toBe(light.colorBgContainer);
    expect(dark.colorBgContainer).toBe('#141414');
  });

  it('falls back to mixins for an unknown theme', () => {
    expect(workspaceThemeConfig('night' as WorkspaceTheme)).toBe(workspaceThemeConfig('mixins'));
    expect(workspaceThemeClass('night' as WorkspaceTheme)).toBe(workspaceThemeClass('mixins'));
  });

  it.each<WorkspaceTheme>(['mixins', 'white', 'dark'])(
    'declares the CSS variables of %s on the class the shell carries',
    (t) => {
      expect(workspaceThemeConfig(t).cssVar).toEqual({ key: workspaceThemeClass(t) });
      expect(
        new Set(['mixins', 'white', 'dark'].map((x) => workspaceThemeClass(x as WorkspaceTheme)))
          .size,
      ).toBe(3);
    },
  );
});

describe('siderMenuTheme', () => {
  it('is dark in mixins and dark, light in white', () => {
    expect(siderMenuTheme('mixins')).toBe('dark');
    expect(siderMenuTheme('dark')).toBe('dark');
    expect(siderMenuTheme('white')).toBe('light');
  });
});
