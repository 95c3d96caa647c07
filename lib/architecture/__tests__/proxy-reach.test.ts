import path from 'node:path';
import { runtimeReach } from '../import-graph';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The request proxy runs on every request: it loads the modules' proxy doors, never their front
 * doors (ADR 0175). Through the front doors it reached 366 files and a 3 MB chunk; 63 before the
 * modules existed.
 */
describe('what proxy.ts loads', () => {
  const reach = runtimeReach(ROOT, 'proxy.ts');

  it('reaches no module front door', () => {
    expect(reach.filter((f) => /^lib\/server\/[a-z-]+\/index\.ts$/.test(f))).toEqual([]);
  });

  it('stays small', () => {
    // 82: the policy's map-tile hosts (ADR 0202) read two small pure modules of lib/shared.
    // 83: its partner frames (ADR 0206) read the partner settings and their pure rules.
    // 84: the tool pages' member routes (lib/shared/workspace/member-view.ts, ADR 0197).
    // 85: the file store's fault point (FAULT_ENOSPC, lib/server/platform/faults, ADR 0209).
    // 86: the server clock tokens and rate windows read (lib/server/platform/clock, ADR 0213).
    // 87: push's LISTEN connection moved out of push.service.ts into db/channel-listener.ts, which
    //     the page cache's version listener shares (ADR 0214): the same code, one more file.
    // 88: contract.ts's route helpers (contractPath, operationQuery) moved to the zod-free
    //     lib/shared/api/endpoint.ts, which the browser's request client reads (ADR 0217).
    expect(reach.length).toBeLessThanOrEqual(88);
  });

  it('the walker follows imports (a front door reaches far more)', () => {
    expect(runtimeReach(ROOT, 'lib/server/edge/index.ts').length).toBeGreaterThan(300);
  });
});
