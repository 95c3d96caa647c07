import { NOTIFY_TARGETS, clueTarget, isSafeNotifyLink, notificationTarget } from '../notify-links';

describe('notificationTarget (messages open their object)', () => {
  it('uses the stored link of a message', () => {
    expect(notificationTarget({ templateCode: 'clue_follow_up_due', link: clueTarget(42) })).toBe(
      '/clue/list?clue=42',
    );
  });

  it('leads older messages (no link stored) by their kind', () => {
    expect(notificationTarget({ templateCode: 'payment_succeeded', link: null })).toBe(
      NOTIFY_TARGETS.orders,
    );
    expect(notificationTarget({ templateCode: 'join_request' })).toBe(NOTIFY_TARGETS.joinRequests);
    expect(notificationTarget({ templateCode: 'clue_follow_up_due' })).toBe(
      NOTIFY_TARGETS.dueClues,
    );
    expect(notificationTarget({ templateCode: 'quota_low' })).toBe(NOTIFY_TARGETS.memberCenter);
    expect(notificationTarget({ templateCode: 'job_finished' })).toBe(NOTIFY_TARGETS.downloads);
  });

  it('has no target for messages about nothing to open', () => {
    expect(notificationTarget({ templateCode: 'system', link: null })).toBeNull();
    expect(notificationTarget({ templateCode: null })).toBeNull();
  });

  it('never leads to another site', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil',
    ])
      expect(isSafeNotifyLink(bad)).toBe(false);
    expect(notificationTarget({ templateCode: 'system', link: '//evil.example' })).toBeNull();
    expect(isSafeNotifyLink('/memberCenter?tab=orders')).toBe(true);
  });
});
