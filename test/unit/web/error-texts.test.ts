import { MESSAGES } from '../../../functions/contracts/auth-users.js';
import { ApiError, SERVICE_UNAVAILABLE } from '../../../web/src/api/api-client.js';
import { allMessages, errorField, fieldErrorMessage, GENERIC_ERROR, SIGN_IN_UNAVAILABLE } from '../../../web/src/api/error-messages.js';
import { newPasswordProblem } from '../../../web/src/features/auth/components/reset-password-page.js';
import { signInErrorText } from '../../../web/src/features/auth/components/sign-in-page.js';
import { signUpErrorText } from '../../../web/src/features/auth/sign-up-errors.js';
import { passwordChangeProblem, REQUIRED } from '../../../web/src/features/settings/password-change-rules.js';

describe('allMessages', () => {
  it('lists the messages of a field-error body in field order', () => {
    const body = { username: ['Taken.'], verification_code: ['Invalid code.', 'Expired.'] };

    expect(allMessages(body)).toEqual(['Taken.', 'Invalid code.', 'Expired.']);
  });
});

describe('errorField', () => {
  it("reads the first message under one field of an error's body, whether a text or a list", () => {
    expect(errorField(new ApiError(400, { detail: 'Connect Todoist first.' }), 'detail')).toBe('Connect Todoist first.');
    expect(errorField(new ApiError(400, { non_field_errors: ['Link expired.', 'x'] }), 'non_field_errors')).toBe('Link expired.');
  });

  it('reads nothing from a missing field, a text body, an empty message or an error that is not an API answer', () => {
    expect(errorField(new ApiError(400, { text: ['Too long.'] }), 'detail')).toBeUndefined();
    expect(errorField(new ApiError(503, SERVICE_UNAVAILABLE), 'detail')).toBeUndefined();
    expect(errorField(new ApiError(400, { detail: ' ' }), 'detail')).toBeUndefined();
    expect(errorField(new Error('detail'), 'detail')).toBeUndefined();
  });
});

describe('fieldErrorMessage', () => {
  it("reads the first field message of a 400's body, and nothing from a text body", () => {
    expect(fieldErrorMessage(new ApiError(400, { due_date: ['Not a date.'], owner: ['Too long.'] }))).toBe('Not a date.');
    expect(fieldErrorMessage(new ApiError(503, SERVICE_UNAVAILABLE))).toBeUndefined();
    expect(fieldErrorMessage(new TypeError('offline'))).toBeUndefined();
  });
});

describe('signInErrorText', () => {
  it('shows the invalid-credentials text for a 400', () => {
    expect(signInErrorText(new ApiError(400, { detail: 'x' }))).toBe('Invalid username or password.');
  });

  it('shows the unavailable text when the request got no response', () => {
    expect(signInErrorText(new ApiError(503, SERVICE_UNAVAILABLE))).toBe(SIGN_IN_UNAVAILABLE);
  });

  it("shows the server's detail for a locked account", () => {
    expect(signInErrorText(new ApiError(429, { detail: 'Too many failed sign-ins.' }))).toBe('Too many failed sign-ins.');
  });

  it('shows the generic text for anything else', () => {
    expect(signInErrorText(new ApiError(500, 'boom'))).toBe('Hmmm...something went wrong, please try again.');
  });
});

describe('signUpErrorText', () => {
  it('shows the first field message of a 400', () => {
    expect(signUpErrorText(new ApiError(400, { verification_code: ['Invalid verification code.'], password: ['Too short.'] })))
      .toBe('Invalid verification code.');
  });

  it('shows the generic text for a 500', () => {
    expect(signUpErrorText(new ApiError(500, null))).toBe(GENERIC_ERROR);
  });
});

describe('newPasswordProblem', () => {
  it('rejects different passwords before short ones', () => {
    expect(newPasswordProblem('short', 'shorter')).toBe('Passwords do not match.');
  });

  it('rejects a password under 8 characters', () => {
    expect(newPasswordProblem('seven77', 'seven77')).toBe('Password must be at-least 8 characters long.');
  });

  it('accepts matching passwords of 8 characters', () => {
    expect(newPasswordProblem('eight888', 'eight888')).toBeUndefined();
  });
});

describe('passwordChangeProblem', () => {
  const valid = { old_password: 'old-secret', new_password: 'new-secret', confirm_new_password: 'new-secret' };

  it.each([
    ['a missing field', { ...valid, confirm_new_password: '' }, REQUIRED],
    ['the current password reused', { ...valid, new_password: 'old-secret', confirm_new_password: 'old-secret' }, MESSAGES.passwordSameAsOld],
    ['a password under 8 characters', { ...valid, new_password: 'abc', confirm_new_password: 'abc' }, 'Password must be at-least 8 characters long.'],
    ['an all-numeric password', { ...valid, new_password: '12345678', confirm_new_password: '12345678' }, 'Password can not be all numeric.'],
    ['a confirmation that differs', { ...valid, confirm_new_password: 'new-secreT' }, 'Passwords do not match.'],
  ])('rejects %s', (_name, values, message) => {
    expect(passwordChangeProblem(values)).toBe(message);
  });

  it('accepts a valid change', () => {
    expect(passwordChangeProblem(valid)).toBeUndefined();
  });
});
