/**
 * Ports every bounded context shares, defined once: the clock, outgoing mail and the structured logger.
 * Contexts re-export them from their own ports module, so use cases keep importing from beside them.
 */

/** Epoch milliseconds. */
export type Clock = () => number;

export interface MailMessage { readonly to: string; readonly subject: string; readonly text: string }
export interface Mailer { send(message: MailMessage): Promise<void> }

/**
 * Structured logging, as use cases see it: a message and a flat object of context. The Lambda-wide
 * logger (adapters/logging/logger.ts) satisfies it; tests pass an in-memory one.
 */
export interface Logger {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}
