import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/** What the fake received: the model id from the path and the Converse request body. */
export interface ConverseRequest { modelId: string; body: any }

/** The model's text answer, or an error to send back in Bedrock's restJson1 error format. */
export type ModelBehaviour = (request: ConverseRequest) => { text: string; stopReason?: string } | { error: string; status: number; message: string };

export interface FakeBedrock { readonly endpoint: string; readonly requests: ConverseRequest[]; stop(): Promise<void> }

/**
 * A local HTTP/2 (cleartext, as the SDK's Bedrock Runtime client speaks) server answering
 * `POST /model/{modelId}/converse` in the Bedrock Runtime wire format (`{output: {message: {role, content:
 * [{text}]}}, stopReason, usage, metrics}`; errors as restJson1 with `x-amzn-errortype`), with a test-chosen
 * behaviour standing in for the model. Point BedrockRuntimeClient's `endpoint` at it.
 */
export async function startFakeBedrock(behaviour: ModelBehaviour): Promise<FakeBedrock> {
  const requests: ConverseRequest[] = [];
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/model\/([^/]+)\/converse$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnknownOperationException' }).end('{"message":"Unknown operation"}');
      return;
    }
    const request = { modelId: decodeURIComponent(match[1]!), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
    requests.push(request);
    const answer = behaviour(request);
    if ('error' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-amzn-errortype': answer.error }).end(JSON.stringify({ message: answer.message }));
      return;
    }
    const outputTokens = Math.ceil(answer.text.length / 4);
    res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': `req-${requests.length}` }).end(JSON.stringify({
      output: { message: { role: 'assistant', content: [{ text: answer.text }] } },
      stopReason: answer.stopReason ?? 'end_turn',
      usage: { inputTokens: 100, outputTokens, totalTokens: 100 + outputTokens },
      metrics: { latencyMs: 1 },
    }));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => {
      for (const session of sessions) session.destroy();
      server.close(() => resolve());
    }),
  };
}

/**
 * A stand-in model: reads the timed transcript lines of the request (`[start-end] spk_N: text`) and answers
 * notes JSON of the requested schema built from them (first line as overview, lines of five words or more as
 * summary, lines with a request or commitment as action items).
 */
export const transcriptReadingModel: ModelBehaviour = ({ body }) => {
  const prompt: string = body.messages[0].content[0].text;
  const lines = [...prompt.matchAll(/^\[([\d.]+)-([\d.]+)\] (\S+): (.*)$/gm)].map((m) => ({ start: Number(m[1]), end: Number(m[2]), text: m[4]! }));
  const point = (l: { start: number; end: number; text: string }) => ({ text: l.text, start: l.start, end: l.end });
  return {
    text: JSON.stringify({
      overview: lines[0] ? `The meeting opened with: ${lines[0].text}` : 'Nothing was said.',
      summary: lines.filter((l) => l.text.split(' ').length >= 5).map(point),
      action_items: lines.filter((l) => /\b(can you|i'll|let's|we need to)\b/i.test(l.text)).map(point),
    }),
  };
};
