/**
 * Integration and browser tests start servers, editions and browsers in their hooks; on a busy 2-core machine those
 * take far more than jest's 5 s default, so every test and hook of those projects gets 120 s unless it sets its own
 * (issue #19: accounts.test.ts timed out at 5 s under load). Waits inside tests poll conditions (eventually.ts).
 */
import { jest } from '@jest/globals';

jest.setTimeout(120_000);
