import { z } from 'zod';

const NUMERIC_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;

/**
 * A number given as a JSON number or as decimal digits (form-encoded bodies and query strings carry text).
 * Unlike z.coerce.number(), `true`, `[2]`, `''` or `{}` are refused with `message` instead of becoming 1, 2 or 0.
 */
export const strictNumber = (message?: string) =>
  z.preprocess((raw) => (typeof raw === 'string' && NUMERIC_TEXT.test(raw) ? Number(raw) : raw), z.number(message));
