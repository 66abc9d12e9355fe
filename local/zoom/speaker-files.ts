/**
 * What the local Zoom server makes of a meeting given as each participant's own track (issue 30): the mixed
 * recording, each track as Zoom's per-participant M4A (`participant_audio_files`), the active-speaker TIMELINE
 * JSON and a TRANSCRIPT VTT, the last two from where each track carries speech — as Zoom derives them.
 * The local server does not transcribe: its VTT cues carry the speaker and `[speech]` unless the caller sends
 * `transcript_vtt`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { trackSpeech } from '../../functions/adapters/integrations/track-speech.js';
import { runFfmpeg } from '../../functions/adapters/media/ffmpeg.js';
import type { SpeechStretch } from '../../functions/core/speakers/speech-activity.js';

export interface Participant { readonly name: string; readonly email: string; readonly file: string }
export type Provided = 'participant_audio' | 'timeline' | 'transcript';
export const PROVIDABLE: readonly Provided[] = ['participant_audio', 'timeline', 'transcript'];

export interface BuiltMeeting {
  readonly mix: string;
  readonly tracks: { name: string; email: string; path: string }[];
  readonly timeline?: string;
  readonly transcript?: string;
}

const clock = (s: number) => {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};

/** Zoom's TIMELINE: an entry each time the active speaker changes (the one who started speaking last). */
export function timelineJson(participants: readonly Participant[], speech: readonly SpeechStretch[][]): unknown {
  const starts = speech.flatMap((stretches, i) => stretches.map((s) => ({ at: s.start, i }))).sort((a, b) => a.at - b.at);
  const timeline: unknown[] = [];
  let active = -1;
  for (const { at, i } of starts) {
    if (i === active) continue;
    active = i;
    const p = participants[i]!;
    timeline.push({ ts: clock(at), users: [{ username: p.name, multiple_people: false, user_id: String(16_778_240 + i), client_type: 1,
      email_address: p.email }] });
  }
  return { timeline };
}

/** A Zoom-style TRANSCRIPT VTT (`Name: text`) with one cue per stretch of speech. */
export function transcriptVtt(participants: readonly Participant[], speech: readonly SpeechStretch[][]): string {
  const cues = speech.flatMap((stretches, i) => stretches.map((s) => ({ ...s, name: participants[i]!.name }))).sort((a, b) => a.start - b.start);
  return `WEBVTT\n\n${cues.map((c, n) => `${n + 1}\n${clock(c.start)} --> ${clock(c.end)}\n${c.name}: [speech]\n`).join('\n')}`;
}

/** Builds the files in `dir`. Throws when ffmpeg cannot read a track. */
export async function buildMeetingFiles(dir: string, participants: readonly Participant[], provide: ReadonlySet<Provided>, mixFile?: string,
  vtt?: string): Promise<BuiltMeeting> {
  await mkdir(dir, { recursive: true });
  const quiet = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  const mix = mixFile ?? path.join(dir, 'mix.m4a');
  if (!mixFile) {
    const inputs = participants.flatMap((p) => ['-i', p.file]);
    const filter = `${participants.map((_, i) => `[${i}:a:0]`).join('')}amix=inputs=${participants.length}:duration=longest,volume=${participants.length}[a]`;
    await runFfmpeg([...quiet, ...inputs, '-filter_complex', filter, '-map', '[a]', '-ac', '1', '-ar', '16000', '-c:a', 'aac', '-b:a', '64k', mix],
      10 * 60_000);
  }
  const tracks: BuiltMeeting['tracks'] = [];
  if (provide.has('participant_audio')) {
    for (const [i, p] of participants.entries()) {
      const out = path.join(dir, `participant-${i + 1}.m4a`);
      await runFfmpeg([...quiet, '-i', p.file, '-map', '0:a:0', '-ac', '1', '-c:a', 'aac', '-b:a', '64k', out], 10 * 60_000);
      tracks.push({ name: p.name, email: p.email, path: out });
    }
  }
  const needSpeech = provide.has('timeline') || (provide.has('transcript') && !vtt);
  const speech = needSpeech ? await Promise.all(participants.map((p) => trackSpeech(createReadStream(p.file)))) : [];
  let timeline: string | undefined;
  let transcript: string | undefined;
  if (provide.has('timeline')) {
    timeline = path.join(dir, 'timeline.json');
    await writeFile(timeline, JSON.stringify(timelineJson(participants, speech)));
  }
  if (provide.has('transcript')) {
    transcript = path.join(dir, 'transcript.vtt');
    await writeFile(transcript, vtt ?? transcriptVtt(participants, speech));
  }
  return { mix, tracks, timeline, transcript };
}
