import { ConverseCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { LlmUnavailable, type LlmProvider } from '../../core/llm/model.js';

export interface BedrockLlmOptions {
  readonly modelId: string;
  /** Per call, the SDK's own retries (standard mode, back-off) included. @default 60000 */
  readonly timeoutMs?: number;
}

/** Errors that say the service could not answer now, not that the request was wrong. */
const UNAVAILABLE = new Set([
  'ThrottlingException', 'ServiceUnavailableException', 'ModelNotReadyException', 'InternalServerException',
  'ModelTimeoutException', 'AccessDeniedException', 'ResourceNotFoundException', 'TimeoutError', 'AbortError',
]);

/**
 * LlmProvider over the Bedrock Converse API; a JSON schema goes as `outputConfig.textFormat` (structured
 * output). The SDK retries throttling and 5xx with back-off; what still fails to answer, or the call timing out,
 * becomes LlmUnavailable. Other errors (a malformed request) pass as they are.
 */
export function createBedrockLlm(client: BedrockRuntimeClient, options: BedrockLlmOptions): LlmProvider {
  return {
    name: 'bedrock',
    async complete(request) {
      try {
        const out = await client.send(new ConverseCommand({
          modelId: options.modelId,
          system: [{ text: request.system }],
          messages: request.messages.map((m) => ({ role: m.role, content: [{ text: m.content }] })),
          inferenceConfig: { maxTokens: request.maxTokens ?? 1024, temperature: request.temperature ?? 0 },
          ...(request.jsonSchema
            ? {
              outputConfig: {
                textFormat: {
                  type: 'json_schema', structure: { jsonSchema: { name: request.jsonSchema.name, schema: JSON.stringify(request.jsonSchema.schema) } },
                },
              },
            }
            : {}),
        }), { abortSignal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
        const text = (out.output?.message?.content ?? []).map((block) => block.text ?? '').join('');
        return { text, truncated: out.stopReason === 'max_tokens' };
      } catch (error) {
        const name = (error as Error).name;
        const network = typeof (error as { code?: unknown }).code === 'string' && /^E[A-Z]+/.test((error as { code: string }).code);
        if (UNAVAILABLE.has(name) || network) {
          throw new LlmUnavailable(`Amazon Bedrock (${options.modelId}) did not answer: ${name}: ${(error as Error).message}`);
        }
        throw error;
      }
    },
  };
}
