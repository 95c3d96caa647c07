import { parseSse } from '../sse';

it('splits events at blank lines and keeps a partial one for later', () => {
  const first = parseSse('event: delta\ndata: {"text":"找"}\n\nevent: de');
  expect(first.events).toEqual([{ event: 'delta', data: '{"text":"找"}' }]);
  const second = parseSse(`${first.rest}lta\ndata: {"text":"到"}\r\n\r\n: ping\n\n`);
  expect(second.events).toEqual([{ event: 'delta', data: '{"text":"到"}' }]);
  expect(second.rest).toBe('');
});

it('joins multi-line data and defaults the event name to message', () => {
  expect(parseSse('data: a\ndata: b\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
});
