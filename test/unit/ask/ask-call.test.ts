import { ASK_MESSAGES, NOTHING_ANSWERS } from '../../../functions/contracts/ask.js';
import { speechPassages, type TimedTurn } from '../../../functions/core/ask/passages.js';
import { embedSpeechPassages } from '../../../functions/core/ask/vectors.js';
import { USERS, world } from '../meetings/in-memory.js';
import { hashingEmbedder } from './hashing-embedder.js';

const turns = (lines: Array<[string, string]>): TimedTurn[] => lines.map(([speaker, text], i) => ({ speaker, text, start: i * 10, end: i * 10 + 8 }));

const pricing = turns([
  ['Dana', 'Good morning everyone.'], ['Lee', 'Morning. Shall we start with the agenda?'],
  ['Dana', 'Sure. First the weather at the offsite.'], ['Lee', 'It will rain, bring coats.'],
  ['Dana', 'Fine.'], ['Lee', 'Next item.'],
  ['Dana', 'The vendor quoted twelve euros per remote control. That price is too high for us.'],
  ['Lee', 'We agreed to ask for a discount on the price.'], ['Dana', 'I will call them tomorrow.'], ['Lee', 'Good.'],
]);
const secret = turns([['Sam', 'The acquisition price is forty million, keep it quiet.'], ['Kim', 'Understood, the price stays between us.']]);

async function setUp() {
  const w = world();
  const create = async (token: string, name: string) => (await w.call('POST', '/api/meetings/', { token, body: { name } })).body.id as string;
  const pricingId = await create('host', 'Pricing sync');
  const secretId = await create('stranger', 'Board only');
  const embedder = hashingEmbedder();
  for (const [id, t] of [[pricingId, pricing], [secretId, secret]] as const) {
    await w.passages.replacePassages(id, 'speech', await embedSpeechPassages(embedder, t.map((x) => x.text), speechPassages(id, t, { window: 4, stride: 2 })));
  }
  const ask = (token: string, body: unknown) => w.call('POST', '/api/search/ask/', { token, body });
  return { w, pricingId, secretId, ask };
}

describe('POST search/ask/', () => {
  it('answers with the passage that holds the answer, its time, speaker and the sentence highlighted', async () => {
    const { pricingId, ask } = await setUp();

    const response = await ask('host', { question: 'What price did the vendor quote?' });

    expect(response.status).toBe(200);
    expect(response.body.mode).toBe('extractive');
    const [best] = response.body.citations;
    expect(best).toMatchObject({ meeting_id: pricingId, meeting_name: 'Pricing sync', speaker: 'Dana' });
    expect(best.turns[0]).toBeLessThanOrEqual(6);
    expect(best.turns[1]).toBeGreaterThanOrEqual(7);
    expect([best.start_time, best.end_time]).toEqual([best.turns[0] * 10, best.turns[1] * 10 + 8]);
    const highlighted = best.highlights.map(([a, b]: [number, number]) => best.text.slice(a, b));
    expect(highlighted).toContain('Dana: The vendor quoted twelve euros per remote control.');
    expect(response.body.answer).toContain('The vendor quoted twelve euros per remote control.');
  });

  it("never cites a meeting the caller cannot read, even when it answers better", async () => {
    const { pricingId, ask } = await setUp();

    const response = await ask('host', { question: 'What is the acquisition price? Keep it quiet.', max_citations: 10 });

    expect(response.status).toBe(200);
    expect(new Set(response.body.citations.map((c: { meeting_id: string }) => c.meeting_id))).toEqual(new Set([pricingId]));
  });

  it('cites a shared meeting to the person it is shared with, and nothing to a stranger', async () => {
    const { w, pricingId, ask } = await setUp();
    const shared = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [pricingId], attendees: [{ email: USERS.participant.email }] } });
    expect(shared.status).toBeLessThan(300);

    const participant = await ask('participant', { question: 'What price did the vendor quote?', meeting_id: pricingId });
    const stranger = await ask('stranger', { question: 'What price did the vendor quote?', meeting_id: pricingId });

    expect(participant.body.citations[0].meeting_id).toBe(pricingId);
    expect(stranger.status).toBe(404);
  });

  it('says nothing answers, with no citations, when no passage is close to the question', async () => {
    const { ask } = await setUp();

    const response = await ask('host', { question: 'Zebra xylophone quantum?' });

    expect(response.body).toEqual({ answer: NOTHING_ANSWERS, mode: 'extractive', citations: [] });
  });

  it.each([
    [{}, ASK_MESSAGES.required], [{ question: '   ' }, ASK_MESSAGES.required], [{ question: 'x'.repeat(501) }, ASK_MESSAGES.tooLong],
    [{ question: 'price', max_citations: 0 }, ASK_MESSAGES.citations], [{ question: 'price', max_citations: 'all' }, ASK_MESSAGES.citations],
  ])('rejects %j with a field message', async (body, message) => {
    const { ask } = await setUp();

    const response = await ask('host', body);

    expect(response.status).toBe(400);
    expect(Object.values(response.body).flat()).toContain(message);
  });

  it("names the chapter of the cited passage from the meeting's stored chapters, and none without chapters", async () => {
    const { w, pricingId, ask } = await setUp();
    const question = { question: 'What price did the vendor quote?', max_citations: 1 };
    const without = await ask('host', question);
    expect(without.body.citations[0]).not.toHaveProperty('chapter');

    const chapter = (title: string, first: number, last: number) => ({ title, start_time: first * 10, end_time: last * 10 + 8, turns: [first, last] as const, speakers: ['Dana', 'Lee'], slide: null });
    const [best] = without.body.citations;
    w.chapters.set(pricingId, [chapter('Offsite weather', 0, best.turns[0] - 1), chapter('Remote control price', best.turns[0], 9)]);
    const withChapters = await ask('host', question);

    expect(withChapters.body.citations[0].chapter).toEqual({ title: 'Remote control price', start_time: best.turns[0] * 10 });
  });

  it('answers 404 for an unknown meeting and 401 without a token', async () => {
    const { w, ask } = await setUp();

    expect((await ask('host', { question: 'price', meeting_id: 'no-such-meeting' })).status).toBe(404);
    expect((await w.call('POST', '/api/search/ask/', { body: { question: 'price' } })).status).toBe(401);
  });
});
