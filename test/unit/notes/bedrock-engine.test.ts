import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createBedrockNotesEngine, parseModelNotes } from '../../../functions/adapters/bedrock/bedrock-notes-engine.js';
import { startFakeBedrock, transcriptReadingModel, type FakeBedrock, type ModelBehaviour } from '../../helpers/fake-bedrock.js';
import { describeNotesEngineContract, PLANNING_MEETING } from './engine-contract.js';

let behaviour: ModelBehaviour = transcriptReadingModel;
let bedrock: FakeBedrock;
let client: BedrockRuntimeClient;

beforeAll(async () => {
  bedrock = await startFakeBedrock((request) => behaviour(request));
  client = new BedrockRuntimeClient({
    endpoint: bedrock.endpoint, region: 'us-east-1', maxAttempts: 1,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client.destroy();
  await bedrock.stop();
});
afterEach(() => { behaviour = transcriptReadingModel; });

const engine = () => createBedrockNotesEngine(client, { modelId: 'anthropic.claude-test-v1:0' });

describeNotesEngineContract('bedrock (Converse wire format)', engine);

describe('createBedrockNotesEngine', () => {
  it('asks Converse for JSON of the notes schema with the timed transcript', async () => {
    await engine().draft({ sentences: PLANNING_MEETING });
    const { modelId, body } = bedrock.requests.at(-1)!;
    expect(modelId).toBe('anthropic.claude-test-v1:0');
    expect(body.outputConfig.textFormat.type).toBe('json_schema');
    expect(JSON.parse(body.outputConfig.textFormat.structure.jsonSchema.schema).required).toEqual(['overview', 'summary', 'action_items']);
    expect(body.messages[0].content[0].text).toContain('[18.00-22.00] spk_0: Can you send the updated release budget to finance by Friday?');
  });

  it('fails when the model answer is not JSON', async () => {
    behaviour = () => ({ text: 'Here are your notes: the meeting went well.' });
    await expect(engine().draft({ sentences: PLANNING_MEETING })).rejects.toThrow('did not answer with JSON');
  });

  it('fails when the model ran out of tokens', async () => {
    behaviour = () => ({ text: '{"overview": "The meet', stopReason: 'max_tokens' });
    await expect(engine().draft({ sentences: PLANNING_MEETING })).rejects.toThrow('ran out of tokens');
  });

  it('says the model is unavailable when Bedrock keeps throttling, and passes on other Bedrock errors as the SDK error', async () => {
    behaviour = () => ({ error: 'ThrottlingException', status: 429, message: 'Too many requests, please wait.' });
    await expect(engine().draft({ sentences: PLANNING_MEETING })).rejects.toMatchObject({ name: 'LlmUnavailable', message: expect.stringContaining('ThrottlingException') });
    behaviour = () => ({ error: 'ValidationException', status: 400, message: 'Malformed input request.' });
    await expect(engine().draft({ sentences: PLANNING_MEETING })).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('parseModelNotes', () => {
  it('accepts JSON wrapped in a markdown fence', () => {
    const draft = parseModelNotes('```json\n{"overview":"o.","summary":[],"action_items":[{"text":"t","start":1,"end":2}]}\n```');
    expect(draft.actionItems).toEqual([{ text: 't', start: 1, end: 2, owner: null, due: null }]);
    expect(draft.decisions).toEqual([]);
  });

  it('takes owners, due dates and decisions when the model gives them', () => {
    const draft = parseModelNotes(JSON.stringify({
      overview: 'o.', summary: [], decisions: [{ text: 'Go with blue.', start: 3, end: 4 }],
      action_items: [{ text: 'Bob: send the deck', start: 1, end: 2, owner: 'Bob', due: 'Friday' }, { text: 'Tidy up', start: 5, end: 6, owner: '', due: '' }],
    }));
    expect(draft.actionItems).toEqual([
      { text: 'Bob: send the deck', start: 1, end: 2, owner: 'Bob', due: 'Friday' },
      { text: 'Tidy up', start: 5, end: 6, owner: null, due: null },
    ]);
    expect(draft.decisions).toEqual([{ text: 'Go with blue.', start: 3, end: 4 }]);
  });

  it('rejects a point without times', () => {
    expect(() => parseModelNotes('{"overview":"o.","summary":[{"text":"t"}],"action_items":[]}')).toThrow('malformed summary entry');
  });
});
