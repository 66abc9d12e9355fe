/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { NameSearchResults } from '../../../web/src/features/meetings/components/name-search-results.js';
import { isAudioFileName } from '../../../web/src/features/meetings/audio-only.js';
import { MeetingSearchDialog } from '../../../web/src/features/search/components/meeting-search-dialog.js';
import { matchedWhere } from '../../../web/src/components/search-hit-context.js';
import { formatDate } from '../../../web/src/lib/time.js';
import { fakeFetch } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

interface Call { method: string; url: string; body: any }
let calls: Call[];
let replyTo: (call: Call) => { status: number; json?: unknown };

beforeEach(() => {
  calls = [];
  globalThis.fetch = fakeFetch(calls, (call) => replyTo(call));
});

const withSwr = (node: React.ReactNode) => renderFresh(node);

describe('search hits in context (issue 35)', () => {
  it('says where a hit matched: the name, slide text at its time, or both', () => {
    expect(matchedWhere(['name'], null)).toBe('In the name');
    expect(matchedWhere(['slide_text'], 75)).toBe('In slide text at 1:15');
    expect(matchedWhere(['name', 'slide_text'], 5)).toBe('In the name and slide text at 0:05');
    expect(formatDate('not a date')).toBeUndefined();
    expect(formatDate('2026-03-02T10:00:00.000Z')).toMatch(/2026/);
  });

  it('shows each name-search hit with the meeting’s date and where it matched', async () => {
    replyTo = () => ({ status: 200, json: [
      { meeting_name: 'Weekly sync', meeting_id: 'm1', image_path: null, thumbnail_path: null, scale: null, timestamp: null, matches: ['Weekly'], start_time: '2026-03-02T10:00:00.000Z', matched_in: ['name'] },
      { meeting_name: 'Board review', meeting_id: 'm2', image_path: 'http://127.0.0.1/f.jpg', thumbnail_path: 'http://127.0.0.1/t.jpg', scale: { width: 1280, height: 720 }, timestamp: 75, matches: ['weekly'], start_time: '2026-02-01T09:00:00.000Z', matched_in: ['slide_text'] },
    ] });
    withSwr(<NameSearchResults query="weekly" />);
    const hits = await screen.findAllByRole('listitem');
    expect(within(hits[0]!).getByRole('link', { name: 'Weekly sync' })).toBeTruthy();
    expect(hits[0]!.textContent).toMatch(/2026.*In the name/);
    expect(hits[1]!.textContent).toMatch(/2026.*In slide text at 1:15/);
  });

  it('searches one meeting’s speech or slide text from "Search in this meeting"', async () => {
    replyTo = (call) => ({ status: 200, json: { total_matches: call.url.includes('search_audio') ? 1 : 0, page: 1, page_size: 10, matched_data: call.url.includes('search_audio')
      ? [{ meeting_name: 'Weekly sync', meeting_id: 'm1', timestamp: 12, matched_content: 'the budget is fine', speaker: 'spk_0', speaker_name: 'Ada', meeting_start_time: null }] : [] } });
    withSwr(<MeetingSearchDialog meetingId="m1" meetingName="Weekly sync" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Search in Weekly sync' });
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'budget' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await within(dialog).findByText('Speech at 0:12, Ada');
    expect(calls.find((c) => c.url.includes('search_audio'))!.body).toMatchObject({ query: 'budget', meeting_id: 'm1' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Slide text' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await within(dialog).findByText('Nothing matched for "budget".');
    expect(calls.find((c) => c.url.includes('search_content'))!.body).toMatchObject({ query: 'budget', meeting_id: 'm1' });
  });
});

describe('sound-only recordings (issue 35)', () => {
  it('are known by their file name', () => {
    expect(isAudioFileName('Weekly sync.m4a')).toBe(true);
    expect(isAudioFileName('https://x/rec.mp3?X-Amz=1')).toBe(true);
    expect(isAudioFileName('Weekly sync.mp4')).toBe(false);
    expect(isAudioFileName(null)).toBe(false);
  });
});
