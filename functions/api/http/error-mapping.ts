import type { APIGatewayProxyResult } from 'aws-lambda';
import { ZodError } from 'zod';
import { DomainError, type FieldErrors } from '../../core/errors.js';
import { toProxyResult } from './response.js';

export interface ErrorLogger { error(message: string, extra?: Record<string, unknown>): void }

/** Turns zod issues into the spec's `{field: [messages]}` shape. */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** The single place errors become HTTP: domain errors → their 4xx, zod → 400, anything else → logged 500. */
export function errorToResponse(error: unknown, logger: ErrorLogger): APIGatewayProxyResult {
  if (error instanceof DomainError) return toProxyResult(error.statusCode, error.body(), error.headers());
  if (error instanceof ZodError) return toProxyResult(400, fieldErrorsFromZod(error));
  logger.error('Unhandled error', { name: (error as Error)?.name, message: (error as Error)?.message, stack: (error as Error)?.stack });
  return toProxyResult(500, { detail: 'Something went wrong on our side. Please try again; if it persists, contact support.' });
}
