/** Time kept back from a media tool's run so the handler can still report why it stopped. */
const TOOL_MARGIN_MS = 20_000;

/**
 * How long a media tool (ffmpeg) may run in this invocation: what is left of the Lambda's time minus a
 * margin, so an over-long run ends as a recorded failure ("ffmpeg was stopped …") rather than a silent
 * Lambda timeout.
 */
export const toolTimeBudget = (context: { getRemainingTimeInMillis(): number }): number =>
  Math.max(1_000, context.getRemainingTimeInMillis() - TOOL_MARGIN_MS);
