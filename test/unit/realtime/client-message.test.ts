import { parseClientMessage } from '../../../functions/core/realtime/client-message.js';

describe('parseClientMessage', () => {
  it('recognises the keep-alive', () => {
    expect(parseClientMessage('{"id":"ping"}')).toEqual({ kind: 'ping' });
  });

  it('passes other kinds on with their payload', () => {
    expect(parseClientMessage('{"id":"viewer","roomId":"r1"}')).toEqual({ kind: 'other', id: 'viewer', payload: { id: 'viewer', roomId: 'r1' } });
  });

  it.each([
    ['an empty body', ''],
    ['text that is not JSON', 'hello'],
    ['a JSON array', '[1]'],
    ['an object without id', '{"roomId":"r"}'],
    ['an oversized message', JSON.stringify({ id: 'viewer', sdpOffer: 'x'.repeat(40_000) })],
  ])('marks %s as malformed instead of throwing', (_, raw) => {
    expect(parseClientMessage(raw).kind).toBe('malformed');
  });
});
