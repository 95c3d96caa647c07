import { PlainTag } from './PlainTag';
import { statusColor, tagColor } from './tag-colors';

/** Registration status and the company's tags, in the spec's palette (plain HTML, no antd). */
export function EnterpriseTags({
  status,
  tags,
}: {
  status?: string | null;
  tags: readonly string[];
}) {
  return (
    <span className="ent-tags">
      {status ? <PlainTag color={statusColor(status)}>{status}</PlainTag> : null}
      {tags.map((t) => (
        <PlainTag key={t} color={tagColor(t)} outlined>
          {t}
        </PlainTag>
      ))}
    </span>
  );
}
