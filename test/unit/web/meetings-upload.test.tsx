/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readDuration } from '../../../web/src/features/upload/read-duration.js';
import { contentTypeFor, meetingNameFor } from '../../../web/src/lib/upload-flow.js';
import { UploadForm } from '../../../web/src/features/upload/components/upload-form.js';
import { ProgressCircle } from '../../../web/src/features/upload/components/progress-circle.js';
import { defaultUploadPorts, useUpload } from '../../../web/src/features/upload/use-upload.js';
import type { UploadPorts } from '../../../web/src/lib/upload-flow.js';
import { fakeFetch } from '../../helpers/fake-fetch.js';

/** The network boundary: a fake fetch answering by method and path, recording every call. */
interface Call { method: string; url: string; body: unknown }
type Reply = { status: number; json?: unknown; text?: string };
let calls: Call[];
let replyTo: (call: Call) => Reply;

function installFetch() {
  calls = [];
  globalThis.fetch = fakeFetch(calls, (call) => replyTo(call));
}

/** The upload's XMLHttpRequest, driven by the test. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  sent: FormData | File | undefined;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() { FakeXhr.instances.push(this); }
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData | File) { this.sent = body; }
  progress(loaded: number, total: number) { this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent); }
  respond(status: number) { this.status = status; this.onload?.(); }
}

const meetingJson = { id: 'm-1', name: 'Video  Upload: Failed', start_time: null, end_time: null, attendee_count: 1, boards_shared: 0, recording_available: false, attendees: [], hosts: [], is_sample: false };
const target = { url: 'http://127.0.0.1:9/media', fields: { key: 'uploads/m-1/recording.mp4', 'Content-Type': 'video/mp4', policy: 'p' } };

function happyBackend(call: Call): Reply {
  if (call.method === 'POST' && call.url === '/api/meetings/') return { status: 201, json: meetingJson };
  if (call.url.startsWith('/api/meetings/m-1/video_upload_url/')) return { status: 200, json: target };
  if (call.method === 'PUT' && call.url === '/api/meetings/m-1/') return { status: 200, json: { ...meetingJson, ...(call.body as object) } };
  if (call.url === '/api/meetings/m-1/index_meeting_request/') return { status: 200, json: { status: 'started' } };
  return { status: 404, json: { detail: 'Not found.' } };
}

/** A document whose media elements report `duration` (or fail to load when it is undefined). */
function mediaDocument(duration: number | undefined, tags: string[] = []): Document {
  return {
    createElement: (tag: string) => {
      tags.push(tag);
      const element = document.createElement(tag) as HTMLMediaElement;
      setTimeout(() => {
        if (duration === undefined) return element.dispatchEvent(new Event('error'));
        Object.defineProperty(element, 'duration', { value: duration });
        element.dispatchEvent(new Event('loadedmetadata'));
      });
      return element;
    },
  } as unknown as Document;
}

function Harness({ ports, minutes = 30, onDone }: { ports: UploadPorts; minutes?: number; onDone: () => void }) {
  const upload = useUpload({ minutes, ports, onDone });
  return (
    <>
      <UploadForm upload={upload} minutes={minutes} />
      {upload.loading && <ProgressCircle percent={upload.percent ?? 0} />}
    </>
  );
}

const file = (name = 'Team sync.mp4') => new File(['not really a video'], name, { type: 'video/mp4', lastModified: Date.UTC(2025, 0, 2, 9, 0, 0) });

function chooseAndUpload(chosen: File) {
  fireEvent.change(screen.getByLabelText(/^Recording \(mp4 or m4a\)/), { target: { files: [chosen] } });
  fireEvent.click(screen.getByRole('button', { name: 'Upload Meeting' }));
}

const leaveIsWarned = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the upload flow', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;
  });
  beforeEach(() => {
    FakeXhr.instances = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    replyTo = happyBackend;
    installFetch();
  });

  it('creates the placeholder meeting, uploads with progress, names and times the meeting, requests indexing, then reloads', async () => {
    const onDone = jest.fn();
    render(<Harness ports={{ ...defaultUploadPorts, readDuration: (f) => readDuration(f, mediaDocument(65)) }} onDone={onDone} />);

    chooseAndUpload(file());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0];
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/meetings/', 'GET /api/meetings/m-1/video_upload_url/?content_type=video%2Fmp4&file_name=Team+sync.mp4']);
    expect(calls[0].body).toEqual({ name: 'Video  Upload: Failed' });
    expect([xhr.method, xhr.url]).toEqual(['POST', target.url]);
    expect([...(xhr.sent as FormData).keys()]).toEqual(['key', 'Content-Type', 'policy', 'file']);
    expect(leaveIsWarned()).toBe(true);

    act(() => xhr.progress(42, 100));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    await act(async () => xhr.respond(204));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.slice(2).map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/meetings/m-1/', 'GET /api/meetings/m-1/index_meeting_request/']);
    expect(calls[2].body).toEqual({
      name: 'Team sync', recording_available: true, start_time: '2025-01-02T09:00:00.000Z', end_time: '2025-01-02T09:01:05.000Z',
    });
    expect(leaveIsWarned()).toBe(false);
  });

  it('stops with the invalid-video message when the browser cannot read the duration', async () => {
    render(<Harness ports={{ ...defaultUploadPorts, readDuration: (f) => readDuration(f, mediaDocument(undefined)) }} onDone={jest.fn()} />);

    chooseAndUpload(file());

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid video. Please select a video file.');
    expect(calls).toEqual([]);
  });

  it('shows the minutes message when the server refuses the upload target', async () => {
    replyTo = (call) => (call.url.includes('video_upload_url') ? { status: 403, text: 'You have used up your minutes for the month.' } : happyBackend(call));
    render(<Harness ports={{ ...defaultUploadPorts, readDuration: async () => 10 }} onDone={jest.fn()} />);

    chooseAndUpload(file());

    expect((await screen.findByRole('alert')).textContent).toBe('You have used up your minutes for the month.');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('blocks the upload when the minutes are below 0', () => {
    render(<Harness ports={defaultUploadPorts} minutes={-3} onDone={jest.fn()} />);

    expect(screen.getByRole('alert').textContent).toBe('You have used up your minutes for the month.');
    expect((screen.getByRole('button', { name: 'Upload Meeting' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('shows the generic message and re-enables the form when the upload itself fails', async () => {
    render(<Harness ports={{ ...defaultUploadPorts, readDuration: async () => 10 }} onDone={jest.fn()} />);
    chooseAndUpload(file());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));

    await act(async () => FakeXhr.instances[0].respond(403));

    expect((await screen.findByRole('alert')).textContent).toBe('Hmmm...something went wrong, please try again.');
    expect((screen.getByRole('button', { name: 'Upload Meeting' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('importing a transcript file through the same control', () => {
  const transcript = (name = 'Weekly sync.vtt', type = 'text/vtt', text = 'WEBVTT\n') => new File([text], name, { type });

  beforeEach(() => {
    FakeXhr.instances = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    replyTo = happyBackend;
    installFetch();
  });

  it('accepts .vtt, .srt, .txt and .json beside recordings', () => {
    render(<Harness ports={defaultUploadPorts} onDone={jest.fn()} />);
    expect(screen.getByLabelText(/^Recording \(mp4 or m4a\) or transcript/).getAttribute('accept')).toBe('.mp4,.m4a,.vtt,.srt,.txt,.json');
  });

  it('creates a meeting named after the file and sends the file as the body with its type, showing progress, then reloads', async () => {
    const onDone = jest.fn();
    render(<Harness ports={defaultUploadPorts} onDone={onDone} />);

    chooseAndUpload(transcript());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0];
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/meetings/']);
    expect(calls[0].body).toEqual({ name: 'Weekly sync' });
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/meetings/m-1/transcript_import/?file_name=Weekly+sync.vtt']);
    expect(xhr.headers['Content-Type']).toBe('text/vtt');
    expect((xhr.sent as File).name).toBe('Weekly sync.vtt');
    act(() => xhr.progress(30, 100));
    expect(screen.getByText('30%')).toBeTruthy();
    xhr.responseText = '{"status":"started"}';
    await act(async () => xhr.respond(202));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('sends a .srt file the browser gives no type as application/x-subrip, even with the minutes used up', async () => {
    render(<Harness ports={defaultUploadPorts} minutes={-3} onDone={jest.fn()} />);
    chooseAndUpload(transcript('call.srt', ''));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.instances[0].headers['Content-Type']).toBe('application/x-subrip');
  });

  it('shows the server\'s reason for a refused file and removes the meeting it created', async () => {
    render(<Harness ports={defaultUploadPorts} onDone={jest.fn()} />);
    chooseAndUpload(transcript());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    FakeXhr.instances[0].responseText = '{"detail":"Line 12: the cue ends before it starts."}';

    await act(async () => FakeXhr.instances[0].respond(400));

    expect((await screen.findByRole('alert')).textContent).toBe('Line 12: the cue ends before it starts.');
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/meetings/m-1/'));
  });

  it('refuses a file over 5 MB before sending anything', async () => {
    render(<Harness ports={defaultUploadPorts} onDone={jest.fn()} />);
    const huge = transcript('huge.txt', 'text/plain');
    Object.defineProperty(huge, 'size', { value: 5 * 1024 * 1024 + 1 });
    chooseAndUpload(huge);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The transcript file is larger than 5 MB\./);
    expect(calls).toEqual([]);
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('upload naming', () => {
  it('names the meeting after the file without .mp4 or .m4a', () => {
    expect(meetingNameFor('Board meeting.MP4')).toBe('Board meeting');
    expect(meetingNameFor('call.m4a')).toBe('call');
    expect(meetingNameFor('notes.mov')).toBe('notes.mov');
  });

  it('shortens a file name over 200 characters to 200, ending in an ellipsis', () => {
    const name = meetingNameFor(`${'a'.repeat(300)}.mp4`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('…')).toBe(true);
  });

  it('asks for audio/mp4 for an .m4a file and reads it with an audio element', async () => {
    const tags: string[] = [];
    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;

    const seconds = await readDuration(new File(['x'], 'call.m4a'), mediaDocument(12.5, tags));

    expect(contentTypeFor('call.m4a')).toBe('audio/mp4');
    expect(contentTypeFor('call.mp4')).toBe('video/mp4');
    expect(tags).toEqual(['audio']);
    expect(seconds).toBe(12.5);
  });
});
