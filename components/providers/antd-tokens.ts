/**
 * One antd look on light surfaces (visitors' pages, the workspace's light themes, invitation,
 * login): the brand's blue, greys, red and the coloured tags' text one step darker than antd's
 * defaults, so text meets WCAG AA (4.5:1 for small text). The defaults were below it: blue-6 on
 * white 4.1:1, the 45 % grey 3.4:1, the placeholder grey (the only label of a list's filter
 * selects) 1.8:1, the danger red 3.0:1, tag text such as orange-7 on orange-1 3.3:1.
 * `e2e/contrast.spec.ts` checks the pages with axe-core. The dark workspace theme does not inherit
 * these (components/workspace/settings/workspace-theme.ts).
 */
export const ACCESSIBLE_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // A preset tag's text is its colour's 7th shade on the 1st: the shade that reaches 4.5:1.
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  borderRadius: 6,
} as const;
