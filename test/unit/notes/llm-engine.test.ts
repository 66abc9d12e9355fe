import { notesEngineFromConfig } from '../../../functions/adapters/insights/notes-engine.js';
import { startLocalOpenAi, type LocalOpenAi } from '../../../local/openai/index.js';
import { PLANNING_MEETING } from './engine-contract.js';

let server: LocalOpenAi;
beforeAll(async () => { server = await startLocalOpenAi(); });
afterAll(async () => { await server.stop(); });

const engine = () => notesEngineFromConfig({ NOTES_ENGINE: 'llm', LLM_PROVIDER: 'openai', LLM_BASE_URL: `${server.endpoint}/v1`, LLM_MODEL: 'notes-model', LLM_TIMEOUT_MS: '2000' });
const script = (reply: unknown) => fetch(`${server.endpoint}/dev/openai/replies`, { method: 'POST', body: JSON.stringify(reply) });

describe('NOTES_ENGINE=llm (notes from the configured language model)', () => {
  it('asks the model for JSON of the notes schema and drafts from its answer', async () => {
    await script({ content: JSON.stringify({
      overview: 'The launch plan of the mobile release.', summary: [{ text: 'Login crashes on older Android phones.', start: 5.5, end: 17 }],
      action_items: [{ text: 'spk_1: send the budget to finance', start: 18, end: 26, owner: 'spk_1', due: 'tomorrow morning' }],
    }) });

    const draft = await engine().draft({ sentences: PLANNING_MEETING });

    expect(draft.overview).toBe('The launch plan of the mobile release.');
    expect(draft.actionItems).toEqual([{ text: 'spk_1: send the budget to finance', start: 18, end: 26, owner: 'spk_1', due: 'tomorrow morning' }]);
    const { requests } = await (await fetch(`${server.endpoint}/dev/openai/`)).json() as { requests: any[] };
    expect(requests.at(-1).response_format.json_schema.name).toBe('meeting_notes');
    expect(requests.at(-1).messages[1].content).toContain('[18.00-22.00] spk_0: Can you send the updated release budget to finance by Friday?');
  });

  it('drafts extractive notes when the model does not answer, and fails on an answer that is not notes', async () => {
    const fallback = await engine().draft({ sentences: PLANNING_MEETING });
    expect(fallback.overview.length).toBeGreaterThan(0);
    expect(fallback.actionItems.some((a) => /budget/.test(a.text))).toBe(true);

    await script({ content: 'Sorry, I cannot help.' });
    await expect(engine().draft({ sentences: PLANNING_MEETING })).rejects.toThrow('did not answer with JSON');
  });

  it('needs LLM_PROVIDER', () => {
    expect(() => notesEngineFromConfig({ NOTES_ENGINE: 'llm' })).toThrow('LLM_PROVIDER must be set when NOTES_ENGINE is llm');
  });
});
