/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ChapterView, NotesResponse } from '../../../functions/contracts/insights.js';
import { ChapterBar } from '../../../web/src/components/chapter-bar.js';
import { NotesModal } from '../../../web/src/features/insights/components/notes-modal.js';
import { pointsByChapter } from '../../../web/src/features/insights/components/notes-summary.js';
import { TranscriptModal } from '../../../web/src/features/transcript/components/transcript-modal.js';
import { fakeFetch, type FetchCall } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

const CHAPTERS: ChapterView[] = [
  { title: 'Agenda', start_time: 0, end_time: 40, turns: [0, 0], speakers: ['Alice'],
    slide: { start_time: 0, end_time: 38, title: 'Weekly Sync - Agenda', thumbnail_url: 'http://127.0.0.1:9/media/f/00000.thumb.jpg' } },
  { title: 'Release budget', start_time: 40, end_time: 3605, turns: [1, 2], speakers: ['Bob', 'Alice'], slide: null },
];
const NOTES: NotesResponse = {
  notes_id: 'n1', overview: 'The team planned the release.',
  summary: ['Alice opened with the agenda.', 'The budget is ready.', 'Bob sends it on Friday.'],
  timestamp_ranges: [{ start_time: 2, end_time: 8 }, { start_time: 41, end_time: 45 }, { start_time: 3600, end_time: 3605 }],
  action_items: [], chapters: CHAPTERS,
};
const FILE_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.txt?X-Amz-Signature=abc';
const TEXT = '[00:00:02] Alice: Good morning everyone.\n[00:00:40] Bob: Thanks, the budget is ready.\n[01:00:05] Alice: Wrapping up.\n';

let calls: FetchCall[];
beforeEach(() => {
  calls = [];
  globalThis.fetch = fakeFetch(calls, ({ url }) => (
    url.startsWith(FILE_URL) ? { status: 200, text: TEXT }
      : url.endsWith('/generated_notes/') ? { status: 200, json: NOTES }
        : url.endsWith('/transcript/') ? { status: 200, json: { url: FILE_URL, expiration_time: '2030-01-01T00:00:00Z', status: 'ready', reason: null } }
          : url.endsWith('/speaker_names/') ? { status: 200, json: { speakerNames: { 'Speaker 1': 'Alice', 'Speaker 2': 'Bob' }, status: 'ready' } }
            : url.endsWith('/video/') ? { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1:9/rec.m4a', expiration_time: 'x' } }
              : { status: 500, json: { detail: 'unexpected' } }));
});

describe('ChapterBar', () => {
  it('shows one segment per chapter, as wide as its share, marks the one playing and jumps on a click', () => {
    const jumps: number[] = [];
    render(<ChapterBar chapters={CHAPTERS} time={100} onJump={(s) => jumps.push(s)} />);
    const bar = screen.getByRole('navigation', { name: 'Chapters' });
    const segments = within(bar).getAllByRole('button');
    expect(segments.map((b) => b.getAttribute('aria-label'))).toEqual(['Chapter 1: Agenda, from 0:00', 'Chapter 2: Release budget, from 0:40']);
    expect(segments[1].getAttribute('aria-current')).toBe('true');
    expect(segments[0].getAttribute('aria-current')).toBeNull();
    expect((segments[1].parentElement as HTMLElement).style.flexGrow).toBe('3565');
    expect(within(bar).getByText('Chapter 2 of 2: Release budget')).toBeTruthy();
    fireEvent.click(segments[0]);
    expect(jumps).toEqual([0]);
  });

  it('shows nothing for a meeting without chapters', () => {
    const { container } = render(<ChapterBar chapters={[]} time={undefined} onJump={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('chapters in the transcript', () => {
  it('opens each chapter\'s first line with its heading, speakers and slide, one item per line, and plays a chapter from its heading', async () => {
    renderFresh(<TranscriptModal meetingId="m1" meetingName="Weekly" canLabel={false} onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    await within(list).findByRole('heading', { name: /Release budget/ });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Agenda0:00Alice0:02AliceGood morning everyone.',
      'Release budget0:40Bob, Alice0:40BobThanks, the budget is ready.', '1:00:05AliceWrapping up.',
    ]);
    expect(within(list).getByRole('img', { name: 'Slide on screen: Weekly Sync - Agenda' }).getAttribute('src')).toBe(CHAPTERS[0].slide!.thumbnail_url);
    fireEvent.click(within(list).getByRole('button', { name: 'Play chapter 2, Release budget, from 0:40' }));
    expect((await screen.findByTestId('transcript-player')).dataset.at).toBe('40');
    expect(screen.getByRole('navigation', { name: 'Chapters' })).toBeTruthy();
  });
});

describe('chapters in the notes', () => {
  it('puts each summary point under the chapter it was said in', async () => {
    expect(pointsByChapter(NOTES)).toEqual([[0], [1, 2]]);
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    const first = await screen.findByRole('group', { name: 'Chapter 1: Agenda' });
    const second = screen.getByRole('group', { name: 'Chapter 2: Release budget' });
    expect(within(screen.getByRole('region', { name: 'Summary' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(first).getByRole('heading').textContent).toBe('Agenda0:00');
    expect(within(first).getAllByRole('listitem').map((li) => li.textContent?.split(' 0:')[0])).toEqual(['Alice opened with the agenda.']);
    expect(within(second).getAllByRole('listitem')).toHaveLength(2);
  });
});
