import { DEMO_CONTENT_NOTICE } from '@/lib/shared/content/content.constants';

/** The 演示数据 note of generated content (like the enterprises' banner). */
export function DemoNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="ct-demo-note" role="note" data-testid="content-demo-note">
      {DEMO_CONTENT_NOTICE}
    </p>
  );
}
