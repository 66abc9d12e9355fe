import { LlmUnavailable, type LlmProvider, type LlmReply, type LlmRequest } from '../../core/llm/model.js';
import { Retryable, withRetries, type RetryOptions } from './retry.js';

export interface OpenAiCompatibleOptions {
  /** The server's API root, e.g. `http://localhost:11434/v1` (Ollama) or `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer …` when set (local servers need none). */
  readonly apiKey?: string;
  /** Per try. @default 30000 */
  readonly timeoutMs?: number;
  readonly retry?: RetryOptions;
  readonly fetch?: typeof fetch;
}

interface ChatCompletion {
  choices?: { message?: { content?: string | null }; finish_reason?: string | null }[];
}

/**
 * LlmProvider over the OpenAI chat-completions wire format (`POST {baseUrl}/chat/completions`, not streamed):
 * OpenAI, Ollama, llama.cpp's server, vLLM, LM Studio. A JSON schema goes as `response_format: {type: 'json_schema'}`;
 * a server that refuses it (400 naming response_format) is asked again without it, and not asked with it again.
 * Timeouts, 429 and 5xx are tried again with back-off; then, and on a refused key, LlmUnavailable.
 */
export function createOpenAiCompatibleLlm(options: OpenAiCompatibleOptions): LlmProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const send = options.fetch ?? fetch;
  let schemaSupported = true;

  async function once(request: LlmRequest, withSchema: boolean): Promise<LlmReply> {
    const body = {
      model: options.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages.map((m) => ({ role: m.role, content: m.content }))],
      max_tokens: request.maxTokens ?? 1024,
      temperature: request.temperature ?? 0,
      stream: false,
      ...(withSchema && request.jsonSchema
        ? { response_format: { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } } }
        : {}),
    };
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new Retryable(timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach ${url} (${causeOf(error)})`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 429 || response.status >= 500) {
      throw new Retryable(`${response.status} ${errorMessage(text)}`, retryAfterMs(response.headers.get('retry-after')));
    }
    if (response.status === 401 || response.status === 403) {
      throw new LlmUnavailable(`The language model at ${options.baseUrl} refused the key (${response.status}).`);
    }
    if (response.status === 400 && withSchema && /response_format|json_schema/i.test(text)) throw new SchemaRefused();
    if (!response.ok) throw new LlmUnavailable(`The language model at ${options.baseUrl} answered ${response.status}: ${errorMessage(text)}`);
    let completion: ChatCompletion;
    try {
      completion = JSON.parse(text) as ChatCompletion;
    } catch {
      throw new LlmUnavailable(`The language model at ${options.baseUrl} did not answer in the chat-completions format.`);
    }
    const choice = completion.choices?.[0];
    if (typeof choice?.message?.content !== 'string') throw new LlmUnavailable(`The language model at ${options.baseUrl} answered without a message.`);
    return { text: choice.message.content, truncated: choice.finish_reason === 'length' };
  }

  return {
    name: 'openai',
    async complete(request) {
      try {
        return await withRetries(async () => {
          try {
            return await once(request, schemaSupported);
          } catch (error) {
            if (!(error instanceof SchemaRefused)) throw error;
            schemaSupported = false;
            return once(request, false);
          }
        }, options.retry);
      } catch (error) {
        if (error instanceof Retryable) throw new LlmUnavailable(`The language model at ${options.baseUrl} is not answering: ${error.message}.`);
        throw error;
      }
    },
  };
}

class SchemaRefused extends Error {}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

/** OpenAI's `{error: {message}}`, else the body's start. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (message) return message;
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}

function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
