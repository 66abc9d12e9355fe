import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import type { Logger } from '../../core/ports.js';

/**
 * The one structured logger of a Lambda container: Powertools for AWS Lambda's Logger, writing JSON lines
 * with level, message, timestamp, service and the given keys (read by CloudWatch Logs Insights). Level and
 * service come from Powertools' own settings (POWERTOOLS_LOG_LEVEL, POWERTOOLS_SERVICE_NAME).
 */
export const powertoolsLogger = new PowertoolsLogger({ serviceName: 'meetscribe' });

/** The same logger as the core `Logger` port (core/ports.ts), which use cases and routers receive. */
export const logger: Logger = {
  info: (message, extra) => powertoolsLogger.info(message, ...(extra ? [extra] : [])),
  warn: (message, extra) => powertoolsLogger.warn(message, ...(extra ? [extra] : [])),
  error: (message, extra) => powertoolsLogger.error(message, ...(extra ? [extra] : [])),
};

/**
 * Adds the invocation's Lambda context (request id, function name and ARN, cold start) to every line logged
 * while it runs, as Powertools' injectLambdaContext does; called by the API router for each request.
 */
export function bindLambdaContext(context: Context | undefined): void {
  if (context?.awsRequestId) powertoolsLogger.addContext(context);
}
