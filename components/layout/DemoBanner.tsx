/** Always visible in demo mode: the companies shown are generated, not real. */
export function DemoBanner() {
  return (
    <div
      role="note"
      data-testid="demo-banner"
      style={{
        background: '#fffbe6',
        borderBottom: '1px solid #ffe58f',
        color: '#874d00',
        fontSize: 13,
        textAlign: 'center',
        padding: '4px 12px',
      }}
    >
      演示数据：本站当前运行在演示模式，所有企业与联系人信息均为程序生成，并非真实企业。
    </div>
  );
}
