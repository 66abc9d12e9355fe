import http from 'node:http';
import { llmFromConfig } from '../../../functions/adapters/llm/index.js';
import { createOpenAiCompatibleLlm } from '../../../functions/adapters/llm/openai.js';
import { withRetries, Retryable } from '../../../functions/adapters/llm/retry.js';
import { ConfigError } from '../../../functions/config.js';
import { LlmUnavailable } from '../../../functions/core/llm/model.js';
import { LOCAL_OPENAI_MODEL, startLocalOpenAi, type LocalOpenAi } from '../../../local/openai/index.js';

let server: LocalOpenAi;
const noWait = { attempts: 3, sleep: async () => undefined };

beforeAll(async () => { server = await startLocalOpenAi({ apiKey: 'sk-local' }); });
afterAll(async () => { await server.stop(); });
beforeEach(async () => { await fetch(`${server.endpoint}/dev/openai/`, { method: 'DELETE' }); });

const script = async (replies: unknown) => {
  const response = await fetch(`${server.endpoint}/dev/openai/replies`, { method: 'POST', body: JSON.stringify(replies), headers: { 'content-type': 'application/json' } });
  expect(response.status).toBe(200);
};
const recorded = async () => ((await (await fetch(`${server.endpoint}/dev/openai/`)).json()) as { requests: any[]; pending_replies: number });
const llm = (overrides: Partial<Parameters<typeof createOpenAiCompatibleLlm>[0]> = {}) =>
  createOpenAiCompatibleLlm({ baseUrl: `${server.endpoint}/v1`, model: LOCAL_OPENAI_MODEL, apiKey: 'sk-local', retry: noWait, timeoutMs: 2000, ...overrides });
const request = { system: 'Be brief.', messages: [{ role: 'user' as const, content: 'Hello?' }], jsonSchema: { name: 'reply', schema: { type: 'object' } } };

describe('the OpenAI-compatible adapter against the local chat-completions server', () => {
  it('sends system and user messages with the JSON schema as response_format, and returns the scripted reply', async () => {
    await script({ content: '{"answer": "Hi [1]."}' });

    expect(await llm().complete(request)).toEqual({ text: '{"answer": "Hi [1]."}', truncated: false });

    const [sent] = (await recorded()).requests;
    expect(sent).toMatchObject({
      model: LOCAL_OPENAI_MODEL, stream: false, temperature: 0,
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'reply', schema: { type: 'object' }, strict: true } },
    });
  });

  it('tells a reply cut at max_tokens', async () => {
    await script({ content: 'Half an ans', finish_reason: 'length' });
    expect(await llm().complete(request)).toEqual({ text: 'Half an ans', truncated: true });
  });

  it('asks again without response_format when the server refuses it, and keeps leaving it out', async () => {
    await script([{ status: 400, message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model." }, { content: 'one' }, { content: 'two' }]);
    const provider = llm();

    expect((await provider.complete(request)).text).toBe('one');
    expect((await provider.complete(request)).text).toBe('two');

    const sent = (await recorded()).requests;
    expect(sent.map((r) => 'response_format' in r)).toEqual([true, false, false]);
  });

  it('tries a 5xx or 429 again with back-off and answers when the server recovers', async () => {
    await script([{ status: 503, message: 'Loading model' }, { status: 429, message: 'Slow down' }, { content: 'ready' }]);
    const waits: number[] = [];

    const reply = await llm({ retry: { attempts: 3, baseDelayMs: 100, sleep: async (ms) => { waits.push(ms); } } }).complete(request);

    expect(reply.text).toBe('ready');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(75);
    expect(waits[1]).toBeGreaterThanOrEqual(150);
  });

  it.each([
    ['keeps failing with 5xx', [{ status: 500, message: 'a' }, { status: 500, message: 'b' }, { status: 500, message: 'c' }], /is not answering: 500 c/],
    ['does not answer in time', [{ content: 'late', delay_ms: 400 }, { content: 'late', delay_ms: 400 }, { content: 'late', delay_ms: 400 }], /no answer within 100 ms/],
    ['has no scripted reply (404 model_not_found, as Ollama for a model not pulled)', [], /answered 404: The model 'meetscribe-scripted' has no scripted reply/],
  ])('throws LlmUnavailable when the server %s', async (_, replies, message) => {
    if (replies.length) await script(replies);
    const error = await llm({ timeoutMs: 100 }).complete(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailable);
    expect((error as Error).message).toMatch(message);
  });

  it('throws LlmUnavailable, without retrying, for a refused key, and when nothing listens', async () => {
    await script([{ content: 'never read' }]);
    await expect(llm({ apiKey: 'sk-wrong' }).complete(request)).rejects.toThrow(new LlmUnavailable(`The language model at ${server.endpoint}/v1 refused the key (401).`));
    expect((await recorded()).pending_replies).toBe(1);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const down = await llm({ baseUrl: `http://127.0.0.1:${port}/v1` }).complete(request).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(LlmUnavailable);
    expect((down as Error).message).toContain('ECONNREFUSED');
  });
});

describe('the local chat-completions server', () => {
  const post = (body: unknown, key = 'sk-local') => fetch(`${server.endpoint}/v1/chat/completions`, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  });

  it('streams a scripted reply as chat.completion.chunk events ending with [DONE]', async () => {
    await script({ content: 'The price is twelve euros [1].' });

    const response = await post({ model: 'm', messages: [{ role: 'user', content: 'Price?' }], stream: true });

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm')).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('The price is twelve euros [1].');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.length).toBeGreaterThan(3);
  });

  it.each([
    [{ messages: [{ role: 'user', content: 'x' }] }, 'model'],
    [{ model: 'm', messages: [] }, 'messages'],
    [{ model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    [{ model: 'm', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'yaml' } }, 'response_format.type'],
  ])('answers a malformed request 400 with OpenAI\'s error shape (%j)', async (body, param) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { param: string; type: string } }).error).toMatchObject({ param, type: 'invalid_request_error' });
  });

  it('refuses a wrong key with 401 and lists its model', async () => {
    expect((await post({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, 'nope')).status).toBe(401);
    const models = await (await fetch(`${server.endpoint}/v1/models`, { headers: { authorization: 'Bearer sk-local' } })).json() as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toEqual([LOCAL_OPENAI_MODEL]);
  });

  it('refuses a scripted reply that is neither content nor an error status', async () => {
    const response = await fetch(`${server.endpoint}/dev/openai/replies`, { method: 'POST', body: JSON.stringify([{ content: 'ok' }, { status: 200 }]) });
    expect(response.status).toBe(400);
    expect((await recorded()).pending_replies).toBe(0);
  });
});

describe('language-model settings', () => {
  it('chooses no model by default, and checks the provider and its settings', () => {
    expect(llmFromConfig({})).toBeUndefined();
    expect(llmFromConfig({ LLM_PROVIDER: 'none' })).toBeUndefined();
    expect(llmFromConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.2' })?.name).toBe('openai');
    expect(llmFromConfig({ LLM_PROVIDER: 'bedrock', BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0', AWS_REGION: 'us-east-1' })?.name).toBe('bedrock');
    expect(() => llmFromConfig({ LLM_PROVIDER: 'ollama' })).toThrow(new ConfigError("LLM_PROVIDER must be 'none', 'bedrock' or 'openai', not 'ollama'."));
    expect(() => llmFromConfig({ LLM_PROVIDER: 'openai', LLM_MODEL: 'x' })).toThrow('LLM_BASE_URL must be set');
    expect(() => llmFromConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'localhost', LLM_MODEL: 'x' })).toThrow('LLM_BASE_URL must be a URL');
    expect(() => llmFromConfig({ LLM_PROVIDER: 'bedrock' })).toThrow('LLM_MODEL (or BEDROCK_MODEL_ID) must be set');
    expect(() => llmFromConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'x', LLM_TIMEOUT_MS: 'soon' })).toThrow('LLM_TIMEOUT_MS');
  });

  it('withRetries stops at the first error that is not Retryable', async () => {
    let calls = 0;
    await expect(withRetries(async () => { calls += 1; throw new Error('bad request'); }, noWait)).rejects.toThrow('bad request');
    expect(calls).toBe(1);
    await expect(withRetries(async () => { calls += 1; throw new Retryable('busy'); }, noWait)).rejects.toThrow('busy');
    expect(calls).toBe(4);
  });
});
