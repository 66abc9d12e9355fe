import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ConfigError, readOptionalConfig } from '../../config.js';
import type { LlmProvider } from '../../core/llm/model.js';
import { createBedrockLlm } from './bedrock.js';
import { createOpenAiCompatibleLlm } from './openai.js';

/**
 * The language model chosen by configuration (docs/search.md "Language models"), or undefined for none (the default):
 * LLM_PROVIDER=bedrock with LLM_MODEL (or BEDROCK_MODEL_ID); LLM_PROVIDER=openai with LLM_BASE_URL, LLM_MODEL and
 * optionally LLM_API_KEY (Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI). LLM_TIMEOUT_MS bounds each try.
 * @throws ConfigError for an unknown provider or a missing setting.
 */
export function llmFromConfig(env: NodeJS.ProcessEnv = process.env): LlmProvider | undefined {
  const c = readOptionalConfig(['LLM_PROVIDER', 'LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY', 'LLM_TIMEOUT_MS', 'BEDROCK_MODEL_ID'], env);
  if (!c.LLM_PROVIDER || c.LLM_PROVIDER === 'none') return undefined;
  const timeoutMs = c.LLM_TIMEOUT_MS ? Number(c.LLM_TIMEOUT_MS) : undefined;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new ConfigError('LLM_TIMEOUT_MS must be a whole number of milliseconds.');
  }
  if (c.LLM_PROVIDER === 'bedrock') {
    const modelId = c.LLM_MODEL ?? c.BEDROCK_MODEL_ID;
    if (!modelId) throw new ConfigError('Missing configuration: LLM_MODEL (or BEDROCK_MODEL_ID) must be set when LLM_PROVIDER is bedrock.');
    return createBedrockLlm(new BedrockRuntimeClient({}), { modelId, timeoutMs });
  }
  if (c.LLM_PROVIDER !== 'openai') throw new ConfigError(`LLM_PROVIDER must be 'none', 'bedrock' or 'openai', not '${c.LLM_PROVIDER}'.`);
  const missing = (['LLM_BASE_URL', 'LLM_MODEL'] as const).filter((k) => !c[k]);
  if (missing.length > 0) throw new ConfigError(`Missing configuration: ${missing.join(', ')} must be set when LLM_PROVIDER is openai.`);
  try {
    new URL(c.LLM_BASE_URL!);
  } catch {
    throw new ConfigError(`LLM_BASE_URL must be a URL such as http://localhost:11434/v1, not '${c.LLM_BASE_URL}'.`);
  }
  return createOpenAiCompatibleLlm({ baseUrl: c.LLM_BASE_URL!, model: c.LLM_MODEL!, apiKey: c.LLM_API_KEY, timeoutMs });
}
