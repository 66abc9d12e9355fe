/**
 * A local test server speaking the OpenAI chat-completions wire format (issue 29), like the other third parties'
 * stand-ins under local/. It is not a model: it answers from replies scripted through its /dev/ routes, so tests
 * (and people trying the generated Ask answers) decide what "the model" says. Started by the local edition;
 * MeetScribe uses it only when told to (LLM_PROVIDER=openai with LLM_BASE_URL=<endpoint>/v1, or the edition's
 * `languageModel: 'local-openai'` option); by default no language model is configured.
 *
 * Wire format: `POST /v1/chat/completions` `{model, messages, max_tokens?, temperature?, response_format?, stream?}` →
 * a `chat.completion`, or with `stream: true` server-sent events of `chat.completion.chunk`s ending with `data: [DONE]`;
 * `GET /v1/models`. Errors as OpenAI's `{error: {message, type, param, code}}`. With no scripted reply queued it answers
 * 404 `model_not_found` (as Ollama does for a model not pulled).
 *
 * Read-outs and scripting (also at /dev/openai/ on the gateway): `GET /dev/openai/` → `{requests, pending_replies}`
 * (every request's body as received, newest last); `POST /dev/openai/replies` with one reply or a list, each
 * `{content}` (the assistant message; `finish_reason` optional, default "stop") or `{status, message}` (an error answer),
 * optionally `delay_ms`; replies are used once each, in order; `DELETE /dev/openai/` forgets requests and replies.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { BodyTooLarge, readBody, sendJson } from '../gateway/http-util.js';
import { listenLocal } from '../http/listen.js';

export interface ScriptedReply {
  readonly content?: string;
  readonly finish_reason?: 'stop' | 'length';
  readonly status?: number;
  readonly message?: string;
  readonly delay_ms?: number;
}

export interface LocalOpenAiOptions {
  host?: string; port?: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey?: string;
}

export interface LocalOpenAi {
  /** The server root; the API is under `${endpoint}/v1`. */
  readonly endpoint: string;
  /** Serves one request as the server does (the gateway's /dev/openai/ routes use it). */
  readonly handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  stop(): Promise<void>;
}

/** The model name the local edition configures when it uses this server. */
export const LOCAL_OPENAI_MODEL = 'meetscribe-scripted';
const MAX_BODY = 4 * 1024 * 1024;
const MAX_RECORDED = 200;

class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly type: string, readonly code: string | null = null, readonly param: string | null = null) {
    super(message);
  }
}

/** The JSON body of `req`, or an OpenAI-style 413/400 error. */
async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let text: string;
  try {
    text = (await readBody(req, MAX_BODY)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413, 'Request body too large.', 'invalid_request_error');
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
  }
}

/** Checks a chat-completions request body (400 otherwise); returns its model and whether it streams. */
function checkCompletionRequest(body: unknown): { model: string; stream: boolean } {
  if (!body || typeof body !== 'object') throw new ApiError(400, 'The request body must be a JSON object.', 'invalid_request_error');
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model) throw new ApiError(400, 'you must provide a model parameter', 'invalid_request_error', null, 'model');
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    throw new ApiError(400, "'messages' must be a non-empty array.", 'invalid_request_error', null, 'messages');
  }
  b.messages.forEach((m: unknown, i) => {
    const msg = m as Record<string, unknown> | null;
    if (!msg || !['system', 'user', 'assistant', 'developer', 'tool'].includes(String(msg.role))) {
      throw new ApiError(400, `Invalid value for 'messages[${i}].role'.`, 'invalid_request_error', null, `messages[${i}].role`);
    }
    if (typeof msg.content !== 'string' && !Array.isArray(msg.content)) {
      throw new ApiError(400, `Invalid type for 'messages[${i}].content'.`, 'invalid_request_error', null, `messages[${i}].content`);
    }
  });
  const format = b.response_format as Record<string, unknown> | undefined;
  if (format !== undefined && !['text', 'json_object', 'json_schema'].includes(String(format?.type))) {
    throw new ApiError(400, "Invalid value for 'response_format.type'.", 'invalid_request_error', null, 'response_format.type');
  }
  return { model: b.model, stream: b.stream === true };
}

/** Answers a checked completion request `body` with `reply`: one `chat.completion`, or `chat.completion.chunk` events when `stream`. */
function sendCompletion(res: http.ServerResponse, body: unknown, model: string, stream: boolean, reply: ScriptedReply) {
  const content = reply.content ?? '';
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const finish = reply.finish_reason ?? 'stop';
  const usage = { prompt_tokens: approxTokens(JSON.stringify((body as { messages: unknown }).messages)), completion_tokens: approxTokens(content) };
  if (!stream) {
    return sendJson(res, 200, {
      id, object: 'chat.completion', created, model,
      choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: finish }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => {
    const event = { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
    return res.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  chunk({ role: 'assistant', content: '' }, null);
  for (const piece of content.match(/\s*\S+/g) ?? []) chunk({ content: piece }, null);
  chunk({}, finish);
  res.end('data: [DONE]\n\n');
}

export async function startLocalOpenAi(options: LocalOpenAiOptions = {}): Promise<LocalOpenAi> {
  const requests: unknown[] = [];
  let replies: ScriptedReply[] = [];

  async function completion(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readJson(req);
    const { model, stream } = checkCompletionRequest(body);
    requests.push(body);
    if (requests.length > MAX_RECORDED) requests.shift();
    const reply = replies.shift();
    if (!reply) {
      const message = `The model '${model}' has no scripted reply: POST one to /dev/openai/replies (this is a local test server, not a model).`;
      throw new ApiError(404, message, 'invalid_request_error', 'model_not_found');
    }
    if (reply.delay_ms) await new Promise((resolve) => setTimeout(resolve, reply.delay_ms));
    if (reply.status && reply.status >= 400) {
      throw new ApiError(reply.status, reply.message ?? 'Scripted failure.', reply.status >= 500 ? 'server_error' : 'invalid_request_error');
    }
    return sendCompletion(res, body, model, stream, reply);
  }

  async function dev(req: http.IncomingMessage, res: http.ServerResponse, p: string) {
    if (req.method === 'GET' && p === '/dev/openai') return sendJson(res, 200, { requests, pending_replies: replies.length });
    if (req.method === 'DELETE' && p === '/dev/openai') {
      requests.length = 0;
      replies = [];
      return sendJson(res, 200, { requests: [], pending_replies: 0 });
    }
    if (req.method === 'POST' && p === '/dev/openai/replies') {
      const body = await readJson(req);
      const list = (Array.isArray(body) ? body : [body]) as ScriptedReply[];
      const bad = list.findIndex((r) => !r || typeof r !== 'object' ||
        (typeof r.content !== 'string' && !(Number.isInteger(r.status) && r.status! >= 400 && r.status! <= 599)));
      if (bad >= 0) throw new ApiError(400, `Reply ${bad + 1} needs {content: string} or {status: 400-599, message?}.`, 'invalid_request_error');
      replies.push(...list);
      return sendJson(res, 200, { pending_replies: replies.length });
    }
    throw new ApiError(404, `Unknown route ${req.method} ${p}.`, 'invalid_request_error');
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const p = url.pathname.replace(/\/+$/, '');
    const run = async () => {
      if (p.startsWith('/dev/openai')) return dev(req, res, p);
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        throw new ApiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      }
      if (req.method === 'GET' && p === '/v1/models') {
        return sendJson(res, 200, { object: 'list', data: [{ id: LOCAL_OPENAI_MODEL, object: 'model', created: 0, owned_by: 'meetscribe-local' }] });
      }
      if (req.method === 'POST' && p === '/v1/chat/completions') return completion(req, res);
      throw new ApiError(404, `Unknown request URL: ${req.method} ${url.pathname}.`, 'invalid_request_error', 'unknown_url');
    };
    run().catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof ApiError) {
        return sendJson(res, error.status, { error: { message: error.message, type: error.type, param: error.param, code: error.code } });
      }
      sendJson(res, 500, { error: { message: (error as Error).message, type: 'server_error', param: null, code: null } });
    });
  };

  const listening = await listenLocal(http.createServer(handle), { host: options.host, port: options.port });
  return { endpoint: listening.endpoint, handle, stop: listening.stop };
}

/** About four characters a token, as OpenAI's rule of thumb (usage figures only). */
const approxTokens = (text: string): number => Math.ceil(text.length / 4);
