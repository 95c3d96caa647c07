import { Tag } from 'antd';
import { statusColor, tagColor } from './tag-colors';

/** Registration status and the company's tags, in the spec's palette. */
export function EnterpriseTags({
  status,
  tags,
}: {
  status?: string | null;
  tags: readonly string[];
}) {
  return (
    <span className="ent-tags">
      {status ? <Tag color={statusColor(status)}>{status}</Tag> : null}
      {tags.map((t) => (
        <Tag key={t} color={tagColor(t)} variant="outlined">
          {t}
        </Tag>
      ))}
    </span>
  );
}
