import type { ChainRow } from '@/lib/shared/enterprise/types';
import { PlainTag, type PlainTagColor } from '../PlainTag';

const STAGE_COLOR: Record<string, PlainTagColor> = { 上游: 'blue', 中游: 'green', 下游: 'orange' };

/** 产业链: the chains the company belongs to and its link in each. */
export function ChainPanel({ chains }: { chains: ChainRow[] }) {
  if (chains.length === 0) return <p className="ent-empty">暂未识别该企业所属的产业链</p>;
  const byChain = new Map<string, ChainRow[]>();
  for (const c of chains) {
    const list = byChain.get(c.chainCode);
    if (list) list.push(c);
    else byChain.set(c.chainCode, [c]);
  }
  return (
    <ul className="ent-chain-list">
      {[...byChain.values()].map((rows) => (
        <li key={rows[0].chainCode} className="ent-chain">
          <strong>{rows[0].chainName}</strong>
          <span className="ent-chain-nodes">
            {rows.map((r) => (
              <PlainTag key={r.nodeName} color={(r.stage && STAGE_COLOR[r.stage]) || 'default'}>
                {r.stage ? `${r.stage} · ` : ''}
                {r.nodeName}
              </PlainTag>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
