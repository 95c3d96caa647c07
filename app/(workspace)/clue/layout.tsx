import { BatchExportOverlay } from '@/components/wyw/BatchExportOverlay';

/** Every /clue page carries the 批量导出 overlay (spec 2.7, 4.6). */
export default function ClueLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <BatchExportOverlay />
    </>
  );
}
