import { renderToStaticMarkup } from 'react-dom/server';
import { RegionSvgMap } from '../RegionSvgMap';

const map = {
  viewBox: '-75 -50 750 500',
  max: 1234,
  areas: [
    {
      code: '350100',
      name: '福州市',
      d: 'M0,0L10,0L10,10Z',
      fill: '#123f91',
      href: '/m?region=350100',
      value: 1234,
    },
    { code: '350300', name: '莆田市', d: 'M20,0L30,0L30,10Z', fill: '#e8f0fe' },
  ],
};

describe('RegionSvgMap', () => {
  it('renders linked areas with their counts as titles, a labelled group and a legend', () => {
    const html = renderToStaticMarkup(<RegionSvgMap map={map} label="福建省企业分布" />);
    expect(html).toContain('viewBox="-75 -50 750 500"');
    expect(html).toContain('role="group" aria-label="福建省企业分布（地图，数据见列表）"');
    expect(html).toContain(
      '<a href="/m?region=350100" aria-label="福州市：1,234 家"><title>福州市：1,234 家</title><path d="M0,0L10,0L10,10Z" fill="#123f91"></path></a>',
    );
    // An area without a page is no link; its name still shows on hover.
    expect(html).toContain(
      '<g><path d="M20,0L30,0L30,10Z" fill="#e8f0fe"><title>莆田市</title></path></g>',
    );
    expect(html).toMatch(/低 0.*1,234 家 高/);
  });

  it('no legend without a scale', () => {
    const html = renderToStaticMarkup(<RegionSvgMap map={{ ...map, max: null }} label="x" />);
    expect(html).not.toContain('region-svg-legend');
  });
});
