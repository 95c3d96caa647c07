/**
 * One antd look on light surfaces (visitors' pages, the workspace's light themes, invitation,
 * login): the brand's blue, greys, red and the coloured tags' text one step darker than antd's
 * defaults, so text meets WCAG AA (4.5:1 for small text). The defaults were below it: blue-6 on
 * white 4.1:1, the 45 % grey 3.4:1, the placeholder grey (the only label of a list's filter
 * selects) 1.8:1, the danger red 3.0:1, tag text such as orange-7 on orange-1 3.3:1.
 * `e2e/contrast.spec.ts` checks the pages with axe-core. The dark workspace theme does not inherit
 * these (components/workspace/settings/workspace-theme.ts).
 */
function shade7<K extends string>(name: K, color: string) {
  return { [`${name}7`]: color, [`${name}-7`]: color } as Record<`${K}7` | `${K}-7`, string>;
}

export const ACCESSIBLE_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // A preset tag's text is its colour's 7th shade on the 1st: the shade that reaches 4.5:1. antd
  // keeps each shade under two names (orange7, orange-7; the CSS variable follows the second).
  ...shade7('volcano', '#ad2102'),
  ...shade7('orange', '#ad4e00'),
  ...shade7('gold', '#874d00'),
  ...shade7('yellow', '#876800'),
  ...shade7('lime', '#3f6600'),
  ...shade7('green', '#237804'),
  ...shade7('cyan', '#006d75'),
  borderRadius: 6,
};
