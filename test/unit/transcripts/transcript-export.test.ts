import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { transcriptRoutes } from '../../../functions/api/meetings/transcript-routes.js';
import {
  CUE_MAX_SECONDS, renderSrt, renderTranscriptExport, renderTranscriptJson, renderVtt, subtitleCues, subtitleTime,
} from '../../../functions/core/transcripts/export-formats.js';
import { renderTranscriptText } from '../../../functions/core/transcripts/format.js';
import type { StoredTranscript, TranscriptPorts } from '../../../functions/core/transcripts/transcript-access.js';
import { retimeLine } from '../../../functions/core/transcripts/edit-line.js';
import type { SpeakerTurn, TranscriptDocument } from '../../../functions/core/transcripts/turns.js';
import { fakeAuthenticator, InMemoryMeetings, USERS } from '../meetings/in-memory.js';

const require = createRequire(import.meta.url);
const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

function turn(speaker: string, start: number, words: string[], step = 0.5): SpeakerTurn {
  const timed = words.map((text, i) => ({ text, start: start + i * step, end: start + i * step + step * 0.8, confidence: 0.9 }));
  return { speaker, speakerLabel: `spk_${Number(speaker.slice(-1)) - 1}`, start, end: timed.at(-1)!.end, text: words.join(' '), words: timed };
}

const TURNS: SpeakerTurn[] = [
  turn('Speaker 1', 0.2, 'Good morning everyone, let us look at the <budget> & the plan'.split(' ')),
  turn('Speaker 2', 7, 'Sounds good'.split(' ')),
  turn('Speaker 1', 10, Array.from({ length: 30 }, (_, i) => `word${i}`)),
];
const DOCUMENT: TranscriptDocument = { version: 1, meetingId: 'm-1', durationSeconds: 40, speakers: ['Speaker 1', 'Speaker 2'], turns: TURNS };
const NAMES = { 'Speaker 1': 'Ada Lovelace', 'Speaker 2': 'Speaker 2' };

describe('transcript export formats', () => {
  it('formats subtitle times with milliseconds', () => {
    expect(subtitleTime(3723.4567, ',')).toBe('01:02:03,457');
    expect(subtitleTime(0, '.')).toBe('00:00:00.000');
  });

  it('splits long lines into cues of at most CUE_MAX_SECONDS, in order and without overlap', () => {
    const cues = subtitleCues(TURNS, NAMES);
    expect(cues.length).toBeGreaterThan(TURNS.length);
    for (const [i, cue] of cues.entries()) {
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_MAX_SECONDS);
      expect(cue.end).toBeGreaterThan(cue.start);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    }
    expect(cues.map((c) => c.text).join(' ')).toBe(TURNS.map((t) => t.text).join(' '));
  });

  it('names the speakers in SRT, VTT and JSON', () => {
    expect(renderSrt(TURNS, NAMES)).toMatch(/^1\n00:00:00,200 --> 00:00:0\d,\d{3}\nAda Lovelace: Good morning/);
    const vtt = renderVtt(TURNS, NAMES);
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.200 --> ')).toBe(true);
    expect(vtt).toContain('<v Ada Lovelace>Good morning');
    // The speaker is named once, by the voice span, not again inside the cue.
    expect(vtt).not.toContain('Ada Lovelace:');
    expect(vtt).toContain('&lt;budget&gt; &amp; the plan');
    const json = JSON.parse(renderTranscriptJson(DOCUMENT, NAMES));
    expect(json.speakers).toEqual([{ label: 'Speaker 1', name: 'Ada Lovelace' }, { label: 'Speaker 2', name: 'Speaker 2' }]);
    expect(json.lines[0].words[0]).toEqual({ text: 'Good', start: 0.2, end: 0.6, speaker: 'Ada Lovelace', confidence: 0.9 });
  });

  it('SRT and WebVTT are read by ffmpeg with every cue and its times', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'export-'));
    try {
      const cues = subtitleCues(TURNS, NAMES);
      for (const [ext, text] of [['srt', renderSrt(TURNS, NAMES)], ['vtt', renderVtt(TURNS, NAMES)]] as const) {
        const file = path.join(dir, `t.${ext}`);
        writeFileSync(file, text);
        // Re-encode to SubRip: ffmpeg must parse every cue (a malformed one is dropped or fails the run).
        const out = spawnSync(FFMPEG, ['-v', 'error', '-i', file, '-f', 'srt', '-'], { encoding: 'utf8', timeout: 60_000 });
        expect(out.stderr).toBe('');
        expect(out.status).toBe(0);
        const times = [...out.stdout.matchAll(/(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})/g)].map((m) => `${m[1]} ${m[2]}`);
        expect(times).toEqual(cues.map((c) => `${subtitleTime(c.start, ',')} ${subtitleTime(c.end, ',')}`));
        // SubRip names the speaker in the text; WebVTT in the voice span, which ffmpeg's SubRip leaves out.
        expect(out.stdout).toContain(ext === 'srt' ? 'Ada Lovelace: Good morning' : 'Good morning');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('markup in edited lines (issue 28)', () => {
  it('is stripped from the TXT, SRT and JSON exports, and escaped in VTT', () => {
    const marked = { ...turn('Speaker 1', 0, ['x']), text: '<b>Pay</b> <font color="red">now</font>', words: [{ text: '<i>Pay</i>', start: 0, end: 0.4, confidence: 1 }, { text: 'now', start: 0.5, end: 0.9, confidence: 1 }] };
    const document: TranscriptDocument = { ...DOCUMENT, turns: [marked] };
    const names = { 'Speaker 1': '<script>x</script>Ada' };
    for (const format of ['txt', 'srt', 'json'] as const) {
      const file = renderTranscriptExport(format, document, names);
      expect([format, /<\/?(b|i|font|script)\b/i.test(file)]).toEqual([format, false]);
      expect(file).toContain('Pay');
    }
    expect(renderTranscriptExport('srt', document, names)).toContain('Ada: Pay now');
    expect(renderTranscriptExport('vtt', document, names)).not.toContain('<b>');
  });
});

describe('GET meetings/{id}/transcript/?format=', () => {
  const files = new Map<string, { text: string; type: string }>();
  let stored: StoredTranscript | undefined;
  let handler: ReturnType<typeof createApiHandler>;
  let reindexed: Array<ReadonlyArray<{ text: string; start: number; end: number; speaker: string }>>;
  let notesMarked: Array<[string, string]>;

  beforeEach(async () => {
    files.clear();
    reindexed = [];
    notesMarked = [];
    const meetings = new InMemoryMeetings();
    await meetings.create(
      { id: 'm-1', name: 'Sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
      { id: 'a-1', email: USERS.host.email, name: 'Host', role: 'host' },
    );
    await meetings.addAttendee((await meetings.find('m-1'))!.meeting, { id: 'a-2', email: USERS.participant.email, name: 'P', role: 'participant' });
    stored = { jsonKey: 'artefacts/m-1/transcript.json', textKey: 'artefacts/m-1/speaker_labeled_transcript.txt', speakerNames: NAMES };
    files.set(stored.jsonKey, { text: JSON.stringify(DOCUMENT), type: 'application/json' });
    files.set(stored.textKey, { text: renderTranscriptText(TURNS, NAMES), type: 'text/plain' });
    const ports: TranscriptPorts = {
      meetings,
      transcripts: { findTranscript: async () => stored, findState: async () => undefined, saveSpeakerNames: async () => undefined },
      files: {
        presignGet: async (key) => `https://bucket.example/${key}?signed`,
        getText: async (key) => files.get(key)!.text,
        putText: async (key, text, type) => { files.set(key, { text, type }); },
      },
      clock: () => Date.parse('2025-01-01T00:00:00Z'),
      spokenWords: { reindex: async (_id, words) => { reindexed.push(words); } },
      notes: { markTranscriptEdited: async (id, at) => { notesMarked.push([id, at]); } },
    };
    handler = createApiHandler(transcriptRoutes(ports), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  });

  async function get(format: string | null, token = 'host') {
    const event = {
      httpMethod: 'GET', path: '/api/meetings/m-1/transcript/', headers: { Authorization: `Bearer ${token}` }, body: null,
      queryStringParameters: format === null ? null : { format }, requestContext: {},
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  }

  it('answers the txt link without a format and with format=txt, the file unchanged', async () => {
    const before = files.get(stored!.textKey)!.text;
    for (const format of [null, 'txt']) {
      const { status, body } = await get(format);
      expect(status).toBe(200);
      expect(body).toEqual({ url: 'https://bucket.example/artefacts/m-1/speaker_labeled_transcript.txt?signed', expiration_time: '2025-01-01T01:00:00.000Z', status: 'ready', reason: null });
    }
    expect(files.get(stored!.textKey)!.text).toBe(before);
  });

  it.each([
    ['srt', 'speaker_labeled_transcript.srt', 'application/x-subrip; charset=utf-8'],
    ['vtt', 'speaker_labeled_transcript.vtt', 'text/vtt; charset=utf-8'],
    ['json', 'speaker_labeled_transcript.json', 'application/json; charset=utf-8'],
  ])('answers a link to the %s file, written with the current names, to a participant too', async (format, name, type) => {
    const { status, body } = await get(format, 'participant');
    expect(status).toBe(200);
    expect(body.url).toBe(`https://bucket.example/artefacts/m-1/${name}?signed`);
    expect(body.expiration_time).toBe('2025-01-01T01:00:00.000Z');
    const file = files.get(`artefacts/m-1/${name}`)!;
    expect(file.type).toBe(type);
    expect(file.text).toContain('Ada Lovelace');
  });

  it('answers 400 for an unknown format and 404 to a stranger', async () => {
    expect(await get('docx')).toEqual({ status: 400, body: expect.objectContaining({ detail: 'format must be one of txt, srt, vtt, json.' }) });
    expect((await get('srt', 'stranger')).status).toBe(404);
  });

  async function put(body: unknown, token = 'host') {
    const event = {
      httpMethod: 'PUT', path: '/api/meetings/m-1/update_transcript_line/', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body), queryStringParameters: null, requestContext: {},
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  }

  it('lets the host correct a line: kept words keep their times, the txt, the downloads and the search index follow', async () => {
    const { status, body } = await put({ line: 1, text: 'Sounds great, thanks' });
    expect(status).toBe(200);
    expect(body.turn.text).toBe('Sounds great, thanks');
    expect(body.turn.words[0]).toEqual({ text: 'Sounds', start: 7, end: 7.4, confidence: 0.9 });
    expect(body.turn.words[1].confidence).toBeNull();
    const stored = JSON.parse(files.get('artefacts/m-1/transcript.json')!.text) as TranscriptDocument;
    expect(stored.turns[1]!.text).toBe('Sounds great, thanks');
    expect(stored.turns[0]).toEqual(TURNS[0]);
    expect(files.get('artefacts/m-1/speaker_labeled_transcript.txt')!.text.split('\n')[1]).toBe('[00:00:07] Speaker 2: Sounds great, thanks');
    expect(reindexed.at(-1)!.filter((w) => w.speaker === 'spk_1').map((w) => w.text)).toEqual(['Sounds', 'great,', 'thanks']);
    await get('srt');
    expect(files.get('artefacts/m-1/speaker_labeled_transcript.srt')!.text).toContain('Speaker 2: Sounds great, thanks');
  });

  it('marks the notes as made from the earlier text after a correction, and not after a refused one', async () => {
    expect((await put({ line: 1, text: 'Sounds good' })).status).toBe(400);
    expect((await put({ line: 1, text: 'Hijacked' }, 'participant')).status).toBe(403);
    expect(notesMarked).toEqual([]);

    expect((await put({ line: 1, text: 'Sounds great' })).status).toBe(200);

    expect(notesMarked).toEqual([['m-1', '2025-01-01T00:00:00.000Z']]);
  });

  it('refuses participants (403), strangers (404), unknown lines, empty and unchanged text (400)', async () => {
    expect((await put({ line: 1, text: 'Hijacked' }, 'participant')).status).toBe(403);
    expect((await put({ line: 1, text: 'Hijacked' }, 'stranger')).status).toBe(404);
    expect(await put({ line: 9, text: 'x' })).toEqual({ status: 400, body: { line: ['There is no line 9 in this transcript.'] } });
    expect(await put({ line: 1, text: '   ' })).toEqual({ status: 400, body: { text: ['A line cannot be empty. Put back at least one word.'] } });
    expect(await put({ line: 1, text: ' Sounds   good ' })).toEqual({ status: 400, body: { detail: 'Please edit the line before saving.' } });
    expect((await put({ line: 'one', text: 'x' })).status).toBe(400);
    expect(reindexed).toHaveLength(0);
  });

  it('answers url null while there is no transcript', async () => {
    stored = undefined;
    expect((await get('vtt')).body).toEqual({ url: null, expiration_time: null, status: 'not_uploaded', reason: null });
  });
});

describe('retiming a corrected line', () => {
  const line = { start: 10, end: 14, words: ['the', 'quick', 'brown', 'fox'].map((text, i) => ({ text, start: 10 + i, end: 10.8 + i, confidence: 0.8 })) };

  it('keeps the times of kept words (case and punctuation aside) and spreads changed words between them', () => {
    const words = retimeLine(line, 'The quick red fox.');
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([['The', 10, 10.8], ['quick', 11, 11.8], ['red', 11.8, 13], ['fox.', 13, 13.8]]);
  });

  it('spreads words added at the edges over the line\'s span, and a fully new text over the whole line', () => {
    expect(retimeLine(line, 'so the quick brown fox jumps').map((w) => [w.start, w.end])).toEqual([[10, 10], [10, 10.8], [11, 11.8], [12, 12.8], [13, 13.8], [13.8, 14]]);
    const fresh = retimeLine(line, 'entirely new words here');
    expect(fresh.map((w) => w.start)).toEqual([10, 11, 12, 13]);
    expect(fresh.at(-1)!.end).toBe(14);
  });
});
