import { App } from 'aws-cdk-lib';
import { configFromContext, DEFAULT_ICE } from '../../lib/meetscribe-app.js';

const configOf = (context: Record<string, string>) => configFromContext(new App({ context }));

describe('configFromContext', () => {
  it('defaults to STUN only, on-box notes and standby search replicas', () => {
    expect(configOf({})).toMatchObject({ stage: 'dev', ice: DEFAULT_ICE, notes: { engine: 'extractive' }, searchStandbyReplicas: true });
    expect(DEFAULT_ICE.turnUrls).toEqual([]);
  });

  it('reads comma-separated STUN and TURN URLs', () => {
    const { ice } = configOf({ iceStunUrls: 'stun:a.example:3478, stun:b.example:3478', iceTurnUrls: 'turn:t.example:3478,turns:t.example:5349' });
    expect(ice).toEqual({ stunUrls: ['stun:a.example:3478', 'stun:b.example:3478'], turnUrls: ['turn:t.example:3478', 'turns:t.example:5349'] });
  });

  it('rejects a TURN list holding something other than turn: URLs', () => {
    expect(() => configOf({ iceTurnUrls: 'https://turn.example' })).toThrow(/iceTurnUrls/);
  });

  it('chooses Bedrock notes with the given model', () => {
    expect(configOf({ notesEngine: 'bedrock', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' }).notes)
      .toEqual({ engine: 'bedrock', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' });
  });

  it('rejects Bedrock notes without a model id, and an unknown engine', () => {
    expect(() => configOf({ notesEngine: 'bedrock' })).toThrow(/bedrockModelId/);
    expect(() => configOf({ notesEngine: 'gpt' })).toThrow(/notesEngine/);
    expect(configOf({ notesEngine: 'model' }).notes).toEqual({ engine: 'model' });
  });

  it('turns standby search replicas off only when asked', () => {
    expect(configOf({ searchStandbyReplicas: 'false' }).searchStandbyReplicas).toBe(false);
  });
});
