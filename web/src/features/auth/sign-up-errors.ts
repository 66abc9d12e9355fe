/** Sign-up error texts (spec §8): 400 shows the first field message, 503 the unavailable text, else generic. */
import { allMessages, errorData, errorStatus, GENERIC_ERROR, SIGN_IN_UNAVAILABLE } from '../../api/error-messages.js';

export function signUpErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400) return allMessages(errorData(error))[0] ?? GENERIC_ERROR;
  if (status === 503) return SIGN_IN_UNAVAILABLE;
  if (status === 429) return allMessages(errorData(error))[0] ?? GENERIC_ERROR;
  return GENERIC_ERROR;
}
