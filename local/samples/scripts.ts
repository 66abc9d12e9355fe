/**
 * The two sample meetings every user sees (spec §6: fixed, read-only): their ids (from
 * core/meetings/access.ts), names, slides and scripted two-speaker dialogue. The recordings are made
 * from these at first start (recording.ts), so the pipeline processes real media.
 */
import { SAMPLE_MEETING_IDS } from '../../functions/core/meetings/access.js';

/** One spoken line: espeak-ng voice and pitch (two far-apart Klatt voices the diarizer can tell apart), and the text. */
export interface ScriptLine { readonly voice: string; readonly pitch: number; readonly text: string }

/** A slide shown from the start of line `fromLine` until the next slide: a title and a few bullet lines. */
export interface Slide { readonly fromLine: number; readonly title: string; readonly bullets: readonly string[] }

export interface SampleMeeting {
  readonly id: string;
  readonly name: string;
  readonly slides: readonly Slide[];
  readonly lines: readonly ScriptLine[];
}

// The voices the e2e insights test found pocketsphinx recognises best among espeak-ng's (Whisper, the default engine now, hears them too).
const A = { voice: 'en-us+klatt', pitch: 25 };
const B = { voice: 'en-us+klatt4', pitch: 80 };

const [PRODUCT_DEMO_ID, TEAM_SYNC_ID] = SAMPLE_MEETING_IDS as [string, string];

export const SAMPLE_MEETINGS: readonly SampleMeeting[] = [
  {
    id: PRODUCT_DEMO_ID,
    name: 'Sample: Product demo',
    slides: [
      { fromLine: 0, title: 'Q3 Roadmap', bullets: ['Mobile app beta in July', 'Search across all meetings', 'New team plan'] },
      { fromLine: 4, title: 'Budget Review', bullets: ['Design and research', 'Travel costs', 'Marketing launch'] },
      { fromLine: 8, title: 'Next Steps', bullets: ['Sarah sends the budget by Friday', 'Customer demo next week'] },
    ],
    lines: [
      { ...A, text: 'Good morning everyone, welcome to the product demo.' },
      { ...B, text: 'Thanks. Let us start with the roadmap for the third quarter.' },
      { ...A, text: 'The mobile app goes out to testers in July, and search will work across all meetings.' },
      { ...B, text: 'Good. Our users asked for search many times.' },
      { ...A, text: 'Next is the budget review for design, travel and marketing.' },
      { ...B, text: 'The travel costs are lower this month, which is good news.' },
      { ...A, text: 'Sarah, can you send the budget to the team?' },
      { ...B, text: 'Yes, I will send the budget on Friday.' },
      { ...A, text: 'Perfect. Then we plan the customer demo for next week.' },
      { ...B, text: 'The design looks great, and our users will love the search.' },
      { ...A, text: 'Let us meet again after the demo to review the feedback.' },
      { ...B, text: 'I am really happy with the progress we made today.' },
    ],
  },
  {
    id: TEAM_SYNC_ID,
    name: 'Sample: Team sync',
    slides: [
      { fromLine: 0, title: 'Weekly Team Sync', bullets: ['Sprint status', 'Blockers', 'Action items'] },
      { fromLine: 3, title: 'Sprint Status', bullets: ['Login page finished', 'Upload tests passing', 'Release on Monday'] },
      { fromLine: 6, title: 'Action Items', bullets: ['David writes the release notes', 'Fix the upload bug today'] },
    ],
    lines: [
      { ...B, text: 'Hello everyone, this is the weekly meeting of our team.' },
      { ...A, text: 'Hi. This week went well, and the login page is finished.' },
      { ...B, text: 'Great work. What about testing the upload page?' },
      { ...A, text: 'Every upload test passes now, but one bug is still open.' },
      { ...B, text: 'The release is planned for Monday morning.' },
      { ...A, text: 'The upload bug is a problem, and I am a little worried.' },
      { ...B, text: 'I will fix the upload bug today.' },
      { ...A, text: 'David, can you write the release notes?' },
      { ...B, text: 'Sure, I will write the release notes tomorrow.' },
      { ...A, text: 'Right. Our users are waiting for the new login page.' },
      { ...B, text: 'Then we are ready for Monday. Do we have any other problems?' },
      { ...A, text: 'No other problems. Have a good week, everyone.' },
    ],
  },
];
