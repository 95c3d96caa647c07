import {
  deliverLocal,
  MAX_SOCKETS_PER_SESSION,
  registerSocket,
  SESSION_ENDED_CLOSE_CODE,
  socketCount,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  unregisterSocket,
  type PushSocket,
} from '../socket-registry';

type FakeSocket = PushSocket & { sent: string[]; closedWith?: number };

function fakeSocket(): FakeSocket {
  const s: FakeSocket = {
    sent: [],
    readyState: 1,
    send: (data) => s.sent.push(data),
    close: (code) => {
      s.closedWith = code;
      s.readyState = 3;
    },
  };
  return s;
}

let nextUser = 1000;

describe('push socket registry', () => {
  it('caps the sockets one session may hold, closing the oldest', () => {
    const userId = nextUser++;
    const sockets = Array.from({ length: MAX_SOCKETS_PER_SESSION + 5 }, fakeSocket);
    for (const s of sockets) registerSocket(userId, 7, s);
    expect(socketCount(userId)).toBe(MAX_SOCKETS_PER_SESSION);
    expect(sockets.slice(0, 5).every((s) => s.closedWith === TOO_MANY_SOCKETS_CLOSE_CODE)).toBe(
      true,
    );
    expect(sockets.slice(5).every((s) => s.closedWith === undefined)).toBe(true);
    // Another session of the same user has its own allowance.
    registerSocket(userId, 8, fakeSocket());
    expect(socketCount(userId)).toBe(MAX_SOCKETS_PER_SESSION + 1);
    for (const s of sockets) unregisterSocket(userId, s);
  });

  it('closes only the ended session’s sockets, after its last message', () => {
    const userId = nextUser++;
    const ended = fakeSocket();
    const other = fakeSocket();
    registerSocket(userId, 1, ended);
    registerSocket(userId, 2, other);
    deliverLocal({
      userId,
      refreshTokenIds: [1],
      close: true,
      message: { type: 'offline', content: '您已退出登录' },
    });
    expect(ended.sent).toEqual([JSON.stringify({ type: 'offline', content: '您已退出登录' })]);
    expect(ended.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(other.closedWith).toBeUndefined();
    expect(socketCount(userId)).toBe(1);
  });

  it('closes every socket of a user on a close-only envelope without a message', () => {
    const userId = nextUser++;
    const a = fakeSocket();
    const b = fakeSocket();
    registerSocket(userId, 1, a);
    registerSocket(userId, 2, b);
    expect(deliverLocal({ userId, close: true })).toBe(0);
    expect([a.closedWith, b.closedWith]).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    expect(a.sent).toEqual([]);
    expect(socketCount(userId)).toBe(0);
  });
});
