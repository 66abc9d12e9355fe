import { checkGeneratedAnswer, citedNumbers } from '../../../functions/core/ask/generated.js';
import { speechPassages, type TimedTurn } from '../../../functions/core/ask/passages.js';
import { embedSpeechPassages } from '../../../functions/core/ask/vectors.js';
import { LlmUnavailable, type LlmProvider, type LlmRequest } from '../../../functions/core/llm/model.js';
import { world } from '../meetings/in-memory.js';
import { hashingEmbedder } from './hashing-embedder.js';

/** An in-memory language model: answers what the test scripts, and records what it was asked. */
function scriptedLlm(answer: (request: LlmRequest) => string | Error) {
  const requests: LlmRequest[] = [];
  const llm: LlmProvider = {
    name: 'scripted',
    async complete(request) {
      requests.push(request);
      const reply = answer(request);
      if (reply instanceof Error) throw reply;
      return { text: reply, truncated: false };
    },
  };
  return { llm, requests };
}

const turns = (lines: Array<[string, string]>): TimedTurn[] => lines.map(([speaker, text], i) => ({ speaker, text, start: i * 10, end: i * 10 + 8 }));
const pricing = turns([
  ['Dana', 'Good morning everyone.'], ['Lee', 'Morning. Shall we start with the agenda?'],
  ['Dana', 'Sure. First the weather at the offsite.'], ['Lee', 'It will rain, bring coats.'],
  ['Dana', 'The vendor quoted twelve euros per remote control. That price is too high for us.'],
  ['Lee', 'We agreed to ask for a discount on the price.'], ['Dana', 'I will call them tomorrow.'], ['Lee', 'Good.'],
]);

async function askWith(answer: (request: LlmRequest) => string | Error, question = 'What price did the vendor quote?') {
  const { llm, requests } = scriptedLlm(answer);
  const fallbacks: string[] = [];
  const w = world(undefined, { llm, onExtractiveFallback: (reason) => fallbacks.push(reason) });
  const id = (await w.call('POST', '/api/meetings/', { token: 'host', body: { name: 'Pricing sync' } })).body.id as string;
  await w.passages.replacePassages(id, 'speech', await embedSpeechPassages(hashingEmbedder(), pricing.map((t) => t.text), speechPassages(id, pricing, { window: 4, stride: 4 })));
  const response = await w.call('POST', '/api/search/ask/', { token: 'host', body: { question, max_citations: 2 } });
  return { response, requests, fallbacks };
}

describe('generated answers (a language model writing from the cited passages)', () => {
  it('gives the model the citations as numbered passages and answers with its text, citing [n], mode generated', async () => {
    const { response, requests, fallbacks } = await askWith(() => JSON.stringify({ answer: 'The vendor quoted twelve euros per remote control [1].' }));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ mode: 'generated', answer: 'The vendor quoted twelve euros per remote control [1].' });
    expect(response.body.citations).toHaveLength(2);
    expect(fallbacks).toEqual([]);
    const [request] = requests;
    expect(request.jsonSchema?.name).toBe('ask_answer');
    const prompt = request.messages[0].content;
    expect(prompt).toContain('[1]\nMeeting "Pricing sync", from ');
    expect(prompt).toContain(response.body.citations[0].text);
    expect(prompt).toContain(response.body.citations[1].text);
    expect(prompt).not.toContain('[3]');
    expect(prompt).toMatch(/Question: What price did the vendor quote\?$/);
  });

  it.each([
    ['cites a passage it was not given', JSON.stringify({ answer: 'Twelve euros [1]. Forty million [3].' }), 'passage 3, not given'],
    ['cites nothing', JSON.stringify({ answer: 'The vendor quoted twelve euros.' }), 'cites no passage'],
    ['leaves a sentence without a citation', JSON.stringify({ answer: 'Twelve euros [1]. It was too high.' }), 'a sentence of the answer cites no passage'],
    ['finds no answer', JSON.stringify({ answer: 'NONE' }), 'no answer'],
    ['answers with no text', JSON.stringify({ answer: ' ' }), 'no answer text'],
  ])('falls back to the extractive answer when the model %s', async (_, reply, reason) => {
    const { response, fallbacks } = await askWith(() => reply);

    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('extractive');
    expect(response.body.answer).toContain('The vendor quoted twelve euros per remote control.');
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toContain(reason);
  });

  it('answers extractively, never failing, when the model is unavailable or throws', async () => {
    for (const error of [new LlmUnavailable('The language model at http://localhost:11434/v1 is not answering: connect ECONNREFUSED.'), new Error('boom')]) {
      const { response, fallbacks } = await askWith(() => error);
      expect(response.status).toBe(200);
      expect(response.body.mode).toBe('extractive');
      expect(fallbacks[0]).toContain(error.message);
    }
  });

  it('does not ask the model when nothing answers', async () => {
    const { response, requests } = await askWith(() => 'unused', 'Zebra xylophone quantum?');
    expect(response.body).toEqual({ answer: 'Nothing in your meetings answers that.', mode: 'extractive', citations: [] });
    expect(requests).toEqual([]);
  });
});

describe('checkGeneratedAnswer', () => {
  it('reads JSON (also in a code fence) or plain text, and the numbers cited in [1], [1, 2] and [1][2]', () => {
    expect(checkGeneratedAnswer('```json\n{"answer": "Twelve euros [1]."}\n```', 2)).toEqual({ answer: 'Twelve euros [1].' });
    expect(checkGeneratedAnswer('Twelve euros [1, 2]. They asked for a discount [2][1].', 2)).toEqual({ answer: 'Twelve euros [1, 2]. They asked for a discount [2][1].' });
    expect(citedNumbers('A [2]. B [1, 3][2].')).toEqual([2, 1, 3]);
  });

  it('refuses [0] and numbers past the passages given', () => {
    expect(checkGeneratedAnswer('{"answer": "Twelve [0]."}', 3)).toEqual({ refused: 'the answer cites passage 0, not given' });
    expect(checkGeneratedAnswer('{"answer": "Twelve [4]."}', 3)).toEqual({ refused: 'the answer cites passage 4, not given' });
  });
});
