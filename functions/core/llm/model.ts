/**
 * Language-model providers, one port (issue 29 item 3): used by Ask's generated answers and by the notes
 * (NOTES_ENGINE=llm). Implemented by Amazon Bedrock Converse and by any OpenAI-compatible chat-completions
 * server (adapters/llm/). No model is configured by default: the product then stays extractive.
 */

export interface LlmMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** A JSON schema the answer must follow, where the provider supports structured output. */
export interface LlmJsonSchema {
  /** [a-zA-Z0-9_-], as both Bedrock and OpenAI require. */
  readonly name: string;
  readonly schema: Record<string, unknown>;
}

export interface LlmRequest {
  readonly system: string;
  readonly messages: readonly LlmMessage[];
  readonly jsonSchema?: LlmJsonSchema;
  /** @default 1024 */
  readonly maxTokens?: number;
  /** @default 0 */
  readonly temperature?: number;
}

export interface LlmReply {
  readonly text: string;
  /** The model stopped at maxTokens before finishing. */
  readonly truncated: boolean;
}

export interface LlmProvider {
  /** 'bedrock' or 'openai' (for logs and messages). */
  readonly name: string;
  /** @throws LlmUnavailable when the provider cannot answer (down, timed out after retries, refused the key). */
  complete(request: LlmRequest): Promise<LlmReply>;
}

/** The provider did not answer: callers fall back to what works without a model (extractive Ask and notes). */
export class LlmUnavailable extends Error {
  readonly name = 'LlmUnavailable';
}
