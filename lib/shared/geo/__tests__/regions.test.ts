import fs from 'node:fs';
import path from 'node:path';
import {
  getChildren,
  getProvinces,
  getProvinceShapes,
  getRegion,
  regionFullName,
  regionName,
  regionPath,
  regionTree,
  REGIONS,
  shortRegionName,
} from '../regions';
import { COMPANY_SUFFIXES, shortEnterpriseName } from '../company-name';

describe('administrative divisions', () => {
  it('has 34 province-level divisions with cities and districts', () => {
    expect(getProvinces()).toHaveLength(34);
    expect(REGIONS.filter((r) => r.level === 2).length).toBeGreaterThan(330);
    expect(REGIONS.filter((r) => r.level === 3).length).toBeGreaterThan(2800);
  });

  it('links every division to a parent one level up, with unique codes', () => {
    const codes = new Set(REGIONS.map((r) => r.code));
    expect(codes.size).toBe(REGIONS.length);
    for (const r of REGIONS) {
      expect(r.code).toMatch(/^\d{6}$/);
      if (r.level === 1) expect(r.parentCode).toBeNull();
      else expect(getRegion(r.parentCode!)?.level).toBe(r.level - 1);
    }
  });

  it('places every centre point inside China', () => {
    for (const r of REGIONS) {
      expect(r.lng).toBeGreaterThan(73);
      expect(r.lng).toBeLessThan(136);
      expect(r.lat).toBeGreaterThan(3);
      expect(r.lat).toBeLessThan(54);
    }
  });

  it('keeps each district near its city', () => {
    for (const d of REGIONS.filter((r) => r.level === 3)) {
      const city = getRegion(d.parentCode!)!;
      // County-level cities directly under a province are spread over the whole province.
      if (city.name === '省直辖县级行政区划') continue;
      expect(Math.hypot(d.lng - city.lng, d.lat - city.lat)).toBeLessThan(1.5);
    }
  });

  it('resolves names and paths', () => {
    expect(regionName('350203')).toBe('思明区');
    expect(regionPath('350203').map((r) => r.name)).toEqual(['福建省', '厦门市', '思明区']);
    expect(regionFullName('350203')).toBe('福建省厦门市思明区');
    expect(regionFullName('110105')).toBe('北京市朝阳区');
    expect(regionPath('000000')).toEqual([]);
    expect(regionName(null)).toBe('');
    expect(getChildren('350000').map((c) => c.name)).toContain('厦门市');
    expect(getChildren('110000').map((c) => c.code)).toEqual(['110100']);
  });

  it('gives province shapes as the ECharts map properties', () => {
    const shapes = getProvinceShapes();
    const fujian = shapes.find((s) => s.id === '350000')!;
    expect(fujian).toEqual({
      id: '350000',
      name: '福建省',
      cp: [expect.any(Number), expect.any(Number)],
      childNum: 9,
    });
    expect(fujian.cp[0]).toBeCloseTo(119.3, 0);
  });

  it('builds a cascader tree to the requested depth', () => {
    const tree = regionTree(2);
    expect(tree).toHaveLength(34);
    const fujian = tree.find((n) => n.value === '350000')!;
    expect(fujian.children?.[0].children).toBeUndefined();
  });

  it('shortens region names for company names', () => {
    expect(shortRegionName('厦门市')).toBe('厦门');
    expect(shortRegionName('内蒙古自治区')).toBe('内蒙古');
    expect(shortRegionName('广西壮族自治区')).toBe('广西');
    expect(shortRegionName('延边朝鲜族自治州')).toBe('延边');
    expect(shortRegionName('伊犁哈萨克自治州')).toBe('伊犁');
    expect(shortRegionName('嵩县')).toBe('嵩县');
  });

  it('keeps the committed data file small', () => {
    const size = fs.statSync(path.join(__dirname, '../data/regions.json')).size;
    expect(size).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe('company names', () => {
  it('lists suffixes longest first where one contains another', () => {
    const i = (s: string) => COMPANY_SUFFIXES.indexOf(s);
    expect(i('股份有限公司')).toBeLessThan(i('有限公司'));
    expect(i('有限责任公司')).toBeLessThan(i('有限公司'));
    expect(i('有限公司')).toBeLessThan(i('公司'));
  });

  it.each([
    ['厦门锐通教育科技有限责任公司', '锐通'],
    ['锐通科技（厦门）有限公司', '锐通'],
    ['福建省厦门市锐通贸易有限公司', '锐通'],
    ['北京字节跳动科技有限公司', '字节'],
    ['中国平安保险（集团）股份有限公司', '平安'],
    ['深圳市腾讯计算机系统有限公司', '腾讯'],
    ['华为技术有限公司', '华为'],
    ['思明区锐通便利店', '锐通'],
    ['厦门有限公司', '厦门'],
    ['锐', '锐'],
  ])('abbreviates %s as %s', (name, expected) => {
    expect(shortEnterpriseName(name)).toBe(expected);
  });
});
