import type { Clock } from './ports.js';

/** Epoch seconds of a clock reading (DynamoDB TTL and JWT times are in seconds). */
export const seconds = (now: Clock): number => Math.floor(now() / 1000);
