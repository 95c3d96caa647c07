import type { Metadata } from 'next';
import { PortraitRecommendScreen } from '@/components/ai/PortraitRecommendScreen';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/map/map-get-customer.css';
import '@/components/industry/industry.css';
import '@/components/ai/recommend.css';

export const metadata: Metadata = {
  title: '客户推荐 - 画像推荐',
  robots: { index: false, follow: false },
};

/**
 * 画像推荐 / 客户推荐 (spec 2.2 /portraitRecommend, issue 34 item 4, ADR 0203): a portrait of the
 * tenant's customers and the companies like them that are not yet its leads or customers, each
 * with the reasons of its score; 不感兴趣 per row, 加入线索 over a selection. A tenant without
 * customers or leads answers three questions first.
 */
export default function PortraitRecommendPage() {
  return (
    <div className="ent-page idt-page">
      <h1 className="mgc-title">客户推荐</h1>
      <p className="ent-muted imc-intro">
        根据您已有客户（赢单客户权重更高；尚无客户时按线索）的行业、地区、人员规模、注册资本、成立年限和企业标签生成客户画像，
        推荐与之相似、尚未成为您线索或客户的企业，并列出每一项匹配及得分。标记“不感兴趣”的企业不再推荐，其共有特征此后权重降低。
      </p>
      <PortraitRecommendScreen />
    </div>
  );
}
