import { createHmac } from 'node:crypto';
import { iceServersFor } from '../../../functions/core/room/ice-servers.js';
import { identifyConnection } from '../../../functions/core/realtime/identify.js';

describe('iceServersFor', () => {
  it('offers nothing when nothing is configured', () => {
    expect(iceServersFor({ stunUrls: [], turnUrls: [] }, 'room-1', 1000)).toEqual({ ice_servers: [], ttl: 21600 });
  });

  it('computes coturn REST credentials: username expiry:subject, credential base64 HMAC-SHA1 of the username', () => {
    const answer = iceServersFor({ stunUrls: ['stun:s.example:3478'], turnUrls: ['turn:t.example:3478'], turnSecret: 'north' }, 'room-1', 1_700_000_000, 600);
    expect(answer.ice_servers[0]).toEqual({ urls: ['stun:s.example:3478'] });
    expect(answer.ice_servers[1]).toEqual({
      urls: ['turn:t.example:3478'],
      username: '1700000600:room-1',
      credential: createHmac('sha1', 'north').update('1700000600:room-1').digest('base64'),
    });
  });

  it('leaves TURN out when the secret is missing', () => {
    expect(iceServersFor({ stunUrls: [], turnUrls: ['turn:t.example'] }, 'r', 0).ice_servers).toEqual([]);
  });
});

describe('identifyConnection', () => {
  const authenticator = { authenticate: async (token: string) => {
    if (token !== 'good') throw new Error('bad token');
    return { userId: 'u1', email: 'Host@Example.com' };
  } };

  it('treats a socket without a token as a guest', async () => {
    expect(await identifyConnection(authenticator, undefined)).toEqual({});
  });
  it('keeps the user of a valid token, e-mail lower-cased', async () => {
    expect(await identifyConnection(authenticator, 'good')).toEqual({ userId: 'u1', email: 'host@example.com' });
  });
  it('marks a token that fails verification as invalid', async () => {
    expect(await identifyConnection(authenticator, 'forged')).toBe('invalid');
  });
});
