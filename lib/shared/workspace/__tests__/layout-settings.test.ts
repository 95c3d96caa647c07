import { PRODUCT_NAME } from '@/lib/shared/brand';
import {
  DEFAULT_LAYOUT_SETTINGS,
  DEFAULT_LOCAL_LAYOUT_SETTINGS,
  LAYOUT_SETTINGS_MESSAGES,
  mergeSettings,
  parseLocalSettings,
  serializeLocalSettings,
  localSettingsFrom,
  serverSettingsFrom,
  splitSettingsPatch,
} from '../layout-settings';
import {
  localLayoutSettingsSchema,
  serverLayoutSettingsPatchSchema,
  serverLayoutSettingsSchema,
} from '../layout-settings.schemas';

describe('DEFAULT_LAYOUT_SETTINGS', () => {
  it('matches spec 3: side menu open, fixed header, tags, inline, mixins, product name', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      open: true,
      fixHeader: true,
      tagShow: true,
      layout: 'inline',
      theme: 'mixins',
      systemName: PRODUCT_NAME,
      navigatorWorkbench: true,
    });
  });
});

describe('parseLocalSettings', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(parseLocalSettings(null)).toEqual(DEFAULT_LOCAL_LAYOUT_SETTINGS);
  });

  it.each(['{not json', '', 'null', '42', '"text"', '[true,false]'])(
    'gives the defaults for %j',
    (raw) => {
      expect(parseLocalSettings(raw)).toEqual(DEFAULT_LOCAL_LAYOUT_SETTINGS);
    },
  );

  it('keeps valid fields and replaces only the bad ones', () => {
    expect(parseLocalSettings('{"open":false,"fixHeader":"yes","tagShow":false}')).toEqual({
      open: false,
      fixHeader: true,
      tagShow: false,
    });
  });

  it('drops fields that are not local (an old theme left in storage)', () => {
    expect(parseLocalSettings('{"open":false,"theme":"night"}')).toEqual({
      ...DEFAULT_LOCAL_LAYOUT_SETTINGS,
      open: false,
    });
  });

  it('reads back what serializeLocalSettings wrote', () => {
    const local = { open: false, fixHeader: false, tagShow: true };
    expect(parseLocalSettings(serializeLocalSettings(local))).toEqual(local);
  });
});

describe('mergeSettings', () => {
  it('takes local fields from the browser and the rest from the server', () => {
    expect(
      mergeSettings(
        { open: false, fixHeader: true, tagShow: false, theme: 'white' },
        { layout: 'horizontal', theme: 'dark', systemName: '销售平台', navigatorWorkbench: true },
      ),
    ).toEqual({
      open: false,
      fixHeader: true,
      tagShow: false,
      layout: 'horizontal',
      theme: 'dark',
      systemName: '销售平台',
      navigatorWorkbench: true,
    });
  });

  it('falls back to the defaults when either side is missing', () => {
    expect(mergeSettings(null, undefined)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('replaces a removed theme, unknown layout and blank name field by field', () => {
    expect(
      mergeSettings(
        {},
        { layout: 'vertical', theme: 'night', systemName: '   ', navigatorWorkbench: true },
      ),
    ).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, navigatorWorkbench: true });
  });

  it('trims the system name', () => {
    expect(serverSettingsFrom({ systemName: '  销售平台 ' }).systemName).toBe('销售平台');
  });
});

describe('splitSettingsPatch', () => {
  it('sends browser fields to storage and the rest to the server', () => {
    expect(splitSettingsPatch({ open: false, theme: 'dark', tagShow: true })).toEqual({
      local: { open: false, tagShow: true },
      server: { theme: 'dark' },
    });
  });

  it('ignores undefined values and unknown keys', () => {
    const patch = { layout: undefined, bogus: 1 } as unknown as Parameters<
      typeof splitSettingsPatch
    >[0];
    expect(splitSettingsPatch(patch)).toEqual({ local: {}, server: {} });
  });
});

describe('serverLayoutSettingsPatchSchema', () => {
  it('accepts a partial change and trims the name', () => {
    expect(serverLayoutSettingsPatchSchema.parse({ systemName: ' 平台 ' })).toEqual({
      systemName: '平台',
    });
  });

  it.each([
    [{ theme: 'night' }, LAYOUT_SETTINGS_MESSAGES.themeInvalid],
    [{ layout: 'vertical' }, LAYOUT_SETTINGS_MESSAGES.layoutInvalid],
    [{ systemName: '  ' }, LAYOUT_SETTINGS_MESSAGES.systemNameRequired],
    [{ systemName: '名'.repeat(21) }, LAYOUT_SETTINGS_MESSAGES.systemNameLength],
    [{ navigatorWorkbench: 'yes' }, LAYOUT_SETTINGS_MESSAGES.switchInvalid],
  ])('refuses %j with a Chinese message', (body, message) => {
    const parsed = serverLayoutSettingsPatchSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('the zod-free readers follow the schemas', () => {
  // The shell reads settings without zod; a save is validated by the schemas. Both must agree.
  const samples: unknown[] = [
    undefined,
    null,
    true,
    false,
    0,
    1,
    '',
    '  ',
    'inline',
    'horizontal',
    'vertical',
    'mixins',
    'white',
    'dark',
    'blue',
    ' 平台 ',
    '拓客雷达',
    'x'.repeat(20),
    ` ${'x'.repeat(20)} `,
    'x'.repeat(21),
    {},
    [],
  ];
  it.each(['layout', 'theme', 'systemName', 'navigatorWorkbench'] as const)(
    'server field %s',
    (field) => {
      const shape = serverLayoutSettingsSchema.shape[field];
      for (const v of samples) {
        const parsed = shape.safeParse(v);
        const read = serverSettingsFrom({ [field]: v })[field];
        expect([v, read]).toEqual([
          v,
          parsed.success ? parsed.data : DEFAULT_LAYOUT_SETTINGS[field],
        ]);
      }
    },
  );
  it.each(['open', 'fixHeader', 'tagShow'] as const)('local field %s', (field) => {
    const shape = localLayoutSettingsSchema.shape[field];
    for (const v of samples) {
      const parsed = shape.safeParse(v);
      const read = localSettingsFrom({ [field]: v })[field];
      expect([v, read]).toEqual([v, parsed.success ? parsed.data : DEFAULT_LAYOUT_SETTINGS[field]]);
    }
  });
});
