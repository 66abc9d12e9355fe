import { managementConnectionId } from '../../../local/gateway/connections.js';

describe('managementConnectionId', () => {
  it('decodes the id from a staged management path', () => {
    expect(managementConnectionId('/one2many/@connections/ab%2Bc%2F%3D', 'one2many')).toBe('ab+c/=');
  });

  it('accepts the path without a stage', () => {
    expect(managementConnectionId('/@connections/abc%3D', 'one2many')).toBe('abc=');
  });

  it('ignores another stage and other paths', () => {
    expect(managementConnectionId('/prod/@connections/abc', 'one2many')).toBeUndefined();
    expect(managementConnectionId('/api/@connections/abc/x', 'one2many')).toBeUndefined();
  });
});
