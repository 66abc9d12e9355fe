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

/** The first message under one field of an ApiError's object body (`detail`, `non_field_errors`, `error`), or undefined. */
export function errorField(error: unknown, field: string): string | undefined {
  const data = errorData(error);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return firstMessage((data as Record<string, unknown>)[field]);
}

/** The first message of an ApiError whose body holds messages by field (a 400's), or undefined for a text body or anything else. */
export function fieldErrorMessage(error: unknown): string | undefined {
  const data = errorData(error);
  return data !== null && typeof data === 'object' ? firstMessage(data) : undefined;
}
