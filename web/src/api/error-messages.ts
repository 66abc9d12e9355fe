/** Turning ApiError bodies into the texts the spec's error catalogue (§8) asks for. */
import { ApiError } from './api-client.js';

export const GENERIC_ERROR = 'Hmmm...something went wrong, please try again.';
export const SIGN_IN_UNAVAILABLE = 'The service is temporarily unavailable. Please try again later or contact support.';
export const SETTINGS_UNAVAILABLE = 'Sorry, the service is currently unavailable.';

/** Every message in a body: a string, an array of them, or an object of field → message(s), in order. */
export function allMessages(data: unknown): string[] {
  if (typeof data === 'string') return data.trim() === '' ? [] : [data];
  if (Array.isArray(data)) return data.flatMap(allMessages);
  if (data !== null && typeof data === 'object') return Object.values(data).flatMap(allMessages);
  return [];
}

/** The first message of a body, or undefined. */
export function firstMessage(data: unknown): string | undefined {
  return allMessages(data)[0];
}

/** The body of an ApiError, or undefined for anything else. */
export function errorData(error: unknown): unknown {
  return error instanceof ApiError ? error.data : undefined;
}

/** The status of an ApiError, or 0 for anything else. */
export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}
