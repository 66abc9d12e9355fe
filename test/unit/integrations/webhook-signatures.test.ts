/**
 * Webhook signature vectors. The algorithms are the providers' documented ones (Zoom: developers.zoom.us
 * "Verify webhook events" / zoom/webhook-sample: "v0:{timestamp}:{body}" HMAC-SHA256, `v0=` + hex; URL validation
 * HMAC-SHA256 of plainToken. Webex blog "Using a Webhook Secret": hex HMAC-SHA1 of the raw body, secret
 * "somesupersecretphrase"). The expected digests were computed with `openssl dgst -hmac`, independently of our code.
 */
import {
  verifyWebexSignature, verifyZoomSignature, webexSignature, zoomSignature, zoomUrlValidation, ZOOM_MAX_SKEW_SECONDS,
} from '../../../functions/core/integrations/webhook-signatures.js';
import { webexSign } from '../../../local/webex/index.js';
import { zoomSign } from '../../../local/zoom/index.js';

const ZOOM_SECRET = 'Ev5ZBY5cRk2Ehh0YJ0iY4g';
const ZOOM_TS = '1658940994';
const ZOOM_BODY = '{"event":"recording.completed","payload":{"object":{"uuid":"4444AAAiAAAAAiAiAiiAii=="}}}';
const ZOOM_EXPECTED = 'v0=b225c9fb3b81c8a666da0812471da0bb82752f91b6d76c264dce2e01632a1268';
const WEBEX_BODY = '{"id":"Y2lzY29zcGFyazovL3VzL1dFQkhPT0svOTZhYmMyYWEtM2RjYy0xMWU1LWExNTItZmUzNDgxOWNkYzlh","resource":"recordings","event":"created","data":{"id":"4f914b1dfe3c4d11a61730f18c0f5387"}}';
const WEBEX_EXPECTED = 'b1e563f88a63455931b90af50eaaa52baf4d6cb6';

describe('Zoom x-zm-signature', () => {
  const now = Number(ZOOM_TS);
  it('matches the documented v0:{timestamp}:{body} HMAC-SHA256 (and the local Zoom server signs the same)', () => {
    expect(zoomSignature(ZOOM_SECRET, ZOOM_TS, ZOOM_BODY)).toBe(ZOOM_EXPECTED);
    expect(zoomSign(ZOOM_SECRET, ZOOM_TS, ZOOM_BODY)).toBe(ZOOM_EXPECTED);
  });
  it('accepts it within the 5-minute window and refuses a stale, a future or a missing timestamp', () => {
    const headers = { signature: ZOOM_EXPECTED, timestamp: ZOOM_TS };
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY, headers, now + ZOOM_MAX_SKEW_SECONDS)).toBe('valid');
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY, headers, now + ZOOM_MAX_SKEW_SECONDS + 1)).toBe('stale');
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY, headers, now - ZOOM_MAX_SKEW_SECONDS - 1)).toBe('stale');
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY, { signature: ZOOM_EXPECTED }, now)).toBe('missing');
  });
  it('refuses a changed body, another secret, another timestamp and a re-serialised body', () => {
    const headers = { signature: ZOOM_EXPECTED, timestamp: ZOOM_TS };
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY.replace('4444', '4445'), headers, now)).toBe('bad_signature');
    expect(verifyZoomSignature('other', ZOOM_BODY, headers, now)).toBe('bad_signature');
    expect(verifyZoomSignature(ZOOM_SECRET, ZOOM_BODY, { ...headers, timestamp: '1658940995' }, now)).toBe('bad_signature');
    expect(verifyZoomSignature(ZOOM_SECRET, JSON.stringify(JSON.parse(ZOOM_BODY), null, 1), headers, now)).toBe('bad_signature');
  });
  it('answers endpoint.url_validation with hex HMAC-SHA256(secret, plainToken)', () => {
    expect(zoomUrlValidation(ZOOM_SECRET, 'qgg8vlvZRS6UYooatFL8Aw')).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw', encryptedToken: '75234ba8cd37839c761eeb30e1716ee7c539424cbe2364edbab8d4b8c532ed88',
    });
  });
});

describe('Webex X-Spark-Signature', () => {
  it('is the hex HMAC-SHA1 of the raw body with the webhook secret (the local Webex server signs the same)', () => {
    expect(webexSignature('somesupersecretphrase', WEBEX_BODY)).toBe(WEBEX_EXPECTED);
    expect(webexSign('somesupersecretphrase', WEBEX_BODY)).toBe(WEBEX_EXPECTED);
    expect(verifyWebexSignature('somesupersecretphrase', WEBEX_BODY, WEBEX_EXPECTED.toUpperCase())).toBe('valid');
  });
  it('refuses a missing header, a changed body and another secret', () => {
    expect(verifyWebexSignature('somesupersecretphrase', WEBEX_BODY, undefined)).toBe('missing');
    expect(verifyWebexSignature('somesupersecretphrase', `${WEBEX_BODY} `, WEBEX_EXPECTED)).toBe('bad_signature');
    expect(verifyWebexSignature('other', WEBEX_BODY, WEBEX_EXPECTED)).toBe('bad_signature');
  });
});
