import * as fs from 'node:fs';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { projectPath } from '../../lib/project-root.js';

type Rule = { Next: string; And?: Array<{ Variable: string; StringEquals?: string; IsPresent?: boolean }> };
type State = {
  Type: string; Next?: string; End?: boolean; Comment?: string; Default?: string; Choices?: Rule[];
  Catch?: { ErrorEquals: string[]; Next: string }[]; Branches?: Machine[];
};
type Machine = { StartAt: string; States: Record<string, State> };

const asl: Machine = JSON.parse(fs.readFileSync(projectPath(PROCESS_MEETING.aslFile), 'utf8'));

/** Every (machine, name, state) of the definition, nested branches included. */
function allStates(machine: Machine): Array<[Machine, string, State]> {
  return Object.entries(machine.States).flatMap(([name, state]) =>
    [[machine, name, state] as [Machine, string, State], ...(state.Branches ?? []).flatMap(allStates)]);
}

const find = (name: string) => {
  const found = allStates(asl).find(([, n]) => n === name);
  if (!found) throw new Error(`no state ${name}`);
  return { machine: found[0], state: found[2] };
};

describe('the processing state machine definition', () => {
  it('starts the insights as soon as BuildTranscript has written the transcript, beside the frame OCR', () => {
    const build = find('BuildTranscript');
    const next = build.machine.States[build.state.Next!]!;
    expect(next.Type).toBe('Parallel');
    expect(next.Branches!.map((b) => b.StartAt)).toEqual(expect.arrayContaining(['Insights', 'IndexSpokenWords']));
    const media = asl.States.ProcessMedia!;
    expect(media.Branches!.map((b) => b.States[b.StartAt]!.Default)).toEqual(['ExtractAudio', 'ExtractFrames']);
    expect(media.Branches![0]!.States).toHaveProperty(build.state.Next!);
  });

  it('marks the meeting ready only after both the insights and the frame OCR are done', () => {
    expect(asl.States.ProcessMedia!.Next).toBe('Finalize');
    expect(allStates(asl).filter(([, , s]) => s.Next === 'Finalize').map(([, n]) => n)).toEqual(['ProcessMedia']);
  });

  it('never lets a failed insight fail the meeting', () => {
    const { machine, state } = find('Insights');
    const handler = state.Catch!.find((c) => c.ErrorEquals.includes('States.ALL'))!;
    expect(machine.States[handler.Next]).toMatchObject({ Type: 'Pass', End: true });
  });

  it('sends an imported transcript around probe, audio, transcription and frames into the same UseTranscript steps', () => {
    const transcriptRule = (state: State) => state.Choices!.find((c) => c.And?.some((r) => r.StringEquals === 'transcript'))!.Next;
    expect(asl.StartAt).toBe('WhatWasGiven?');
    expect(transcriptRule(asl.States['WhatWasGiven?']!)).toBe('StartTranscriptImport');
    expect(asl.States['WhatWasGiven?']!.Default).toBe('StartProcessing');
    expect(asl.States['IsImportClaimed?']!.Choices!.find((c) => c.Next === 'ProcessMedia')).toBeDefined();
    const [audio, video] = asl.States.ProcessMedia!.Branches!;
    const imported = transcriptRule(audio!.States[audio!.StartAt]!);
    expect(audio!.States[imported]!.Next).toBe(find('BuildTranscript').state.Next);
    expect(video!.States[transcriptRule(video!.States[video!.StartAt]!)]).toMatchObject({ Type: 'Pass', End: true });
    // Each Choice on $.source checks that it is present first (a recording's input has none).
    const rules = allStates(asl).flatMap(([, , s]) => s.Choices ?? []).filter((c) => c.And?.some((r) => r.Variable === '$.source'));
    expect(rules).toHaveLength(3);
    for (const rule of rules) expect(rule.And![0]).toEqual({ Variable: '$.source', IsPresent: true });
  });

  it('sends a run whose minutes another recording took first back to StartProcessing (which waits for minutes), not to MarkFailed', () => {
    const catches = asl.States.ProbeMedia!.Catch!;
    expect(catches[0]).toMatchObject({ ErrorEquals: ['MinutesUsedUp'], Next: 'StartProcessing' });
    expect(catches.at(-1)).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' });
  });

  it('comments every state', () => {
    expect(allStates(asl).filter(([, , s]) => !s.Comment).map(([, n]) => n)).toEqual([]);
  });
});
