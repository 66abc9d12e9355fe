/**
 * Meeting notes out to the connected task and notes services (spec §1, §7 "store_action_items_in_t", §9):
 * the host's manual "Add to Todoist", and the automatic delivery when notes are ready (Todoist inbox when
 * its auto-store setting is on, a BasicOps note when BasicOps is connected).
 */
import { DomainError, NotFound, ValidationFailed } from '../errors.js';
import { loadForWrite, type Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import { chooseItems, planAutoStore, storeItemsAsTasks, TaskSinkError, type ActionItemForTask, type TaskSink } from './action-item-tasks.js';
import { chooseProject, NotesSinkError, renderMeetingNote, type NotesSink, type StoredNote } from './meeting-note.js';
import type { Connection } from './ports.js';
import type { ServiceId } from './services.js';
import { actionItemsWithCurrentNames, type SpeakerNamesLookup } from '../speakers/named-reads.js';

/** 503: the service did not answer as it should; what was stored before the failure stays stored. */
export class ProviderUnavailable extends DomainError {
  readonly name = 'ProviderUnavailable';
  readonly statusCode = 503;
  body(): unknown { return { detail: this.message }; }
}

export const DELIVERY_MESSAGES = {
  todoistNotConnected: 'Connect Todoist first: click Integrate Todoist on the left panel.',
  todoistReauthorize: 'Todoist needs to be authorized again: click Integrate Todoist on the left panel.',
  inboxFull: 'Your Todoist inbox is full (300 open tasks). Complete or move some tasks in Todoist, then try again.',
  todoistUnavailable: 'Todoist did not answer. Please try again in a few minutes.',
} as const;

export interface DeliverableNotes {
  readonly notes_id: string;
  readonly overview: string;
  readonly summary: readonly string[];
  readonly decisions?: ReadonlyArray<{ readonly content: string }>;
  readonly action_items: readonly ActionItemForTask[];
  /** Set once the notes are stored in BasicOps. */
  readonly basicops_note_url?: string;
  /** The speaker names the notes were written with (core/speakers/named-reads.ts). */
  readonly speaker_names?: Readonly<Record<string, string>>;
}

/** Port: where notes live, seen from delivery. */
export interface DeliveryNotesStore {
  /** The meeting whose current notes have this id. */
  meetingOfNotes(notesId: string): Promise<string | undefined>;
  load(meetingId: string): Promise<DeliverableNotes | undefined>;
  /**
   * Sets `stored_in_todoist` (and the task id, when given by item number) on these items while the notes are still
   * `notesId`; answers the notes as stored.
   */
  markStoredInTodoist(meetingId: string, notesId: string, numbers: readonly number[], taskIds?: Readonly<Record<number,
    string>>): Promise<DeliverableNotes | undefined>;
  /** Keeps the BasicOps note of these notes (for "Open in BasicOps" and so it is stored once). */
  saveBasicOpsNote(meetingId: string, notesId: string, note: StoredNote): Promise<void>;
  /** A line for the host about a delivery that did not (fully) happen; shown with the notes. */
  saveDeliveryNotice(meetingId: string, notesId: string, notice: string): Promise<void>;
}

export interface DeliveryDeps {
  readonly notes: DeliveryNotesStore;
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly connections: { find(userId: string, service: ServiceId): Promise<Connection | undefined> };
  /** Throws an error named NotConnected or ReauthorizationRequired when there is no usable token. */
  readonly taskSinkFor: (userId: string) => Promise<TaskSink>;
  readonly notesSinkFor: (userId: string) => NotesSink;
  readonly appUrl: string;
  readonly log?: (message: string, extra?: Record<string, unknown>) => void;
  /** The meeting's current speaker names: tasks and the answer carry them (issue 30); without it, names as written. */
  readonly speakerNames?: SpeakerNamesLookup;
}

/**
 * `POST notes/{notesId}/store_action_items_in_t/` {actionItemNumbers}: one Todoist task per chosen item,
 * host only. Answers `{action_items}` with `stored_in_todoist` set. Items stored before a failure stay marked.
 */
export async function storeActionItemsInTodoist(deps: DeliveryDeps, caller: Caller, notesId: string, numbers: readonly number[]) {
  const meetingId = await deps.notes.meetingOfNotes(notesId);
  if (!meetingId) throw new NotFound('Notes not found.');
  const aggregate = await loadForWrite(deps.meetings, meetingId, caller);
  const notes = await deps.notes.load(meetingId);
  if (!notes || notes.notes_id !== notesId) throw new NotFound('Notes not found.');
  const current = deps.speakerNames ? await deps.speakerNames(meetingId) : undefined;
  const named = <T extends ActionItemForTask>(list: readonly T[]): readonly T[] =>
    (current ? actionItemsWithCurrentNames(list, notes.speaker_names, current) : list);
  const items = chooseItems(named(notes.action_items), numbers);

  let sink: TaskSink;
  try {
    sink = await deps.taskSinkFor(caller.userId);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotConnected') throw ValidationFailed.nonField(DELIVERY_MESSAGES.todoistNotConnected);
    if (name === 'ReauthorizationRequired') throw ValidationFailed.nonField(DELIVERY_MESSAGES.todoistReauthorize);
    throw error;
  }
  const meeting = { id: meetingId, name: aggregate.meeting.name, appUrl: deps.appUrl };
  const outcome = await storeItemsAsTasks(items, meeting, sink);
  const updated = outcome.stored.length > 0 ? await deps.notes.markStoredInTodoist(meetingId, notesId, outcome.stored, outcome.taskIds) : notes;
  if (outcome.failure) throw taskFailure(outcome.failure);
  return { action_items: named((updated ?? notes).action_items) };
}

function taskFailure(failure: TaskSinkError): DomainError {
  if (failure.kind === 'inbox_full') return ValidationFailed.nonField(DELIVERY_MESSAGES.inboxFull);
  if (failure.kind === 'unauthorized') return ValidationFailed.nonField(DELIVERY_MESSAGES.todoistReauthorize);
  if (failure.kind === 'rejected') return ValidationFailed.nonField(failure.message);
  return new ProviderUnavailable(DELIVERY_MESSAGES.todoistUnavailable);
}

export interface DeliveryOutcome {
  readonly todoist: 'off' | 'stored' | 'partly' | 'failed';
  readonly basicops: 'off' | 'stored' | 'already' | 'failed';
}

/**
 * When notes are ready: auto-store action items in the host's Todoist inbox (setting on; ≤ 50 items, inbox
 * room respected) and store the notes in BasicOps (connected). Never throws for a service's failure: each
 * is logged and left as a notice beside the notes, so one service cannot hold up the other or the meeting.
 */
export async function deliverReadyNotes(deps: DeliveryDeps, meetingId: string): Promise<DeliveryOutcome> {
  const aggregate = await deps.meetings.find(meetingId);
  const notes = await deps.notes.load(meetingId);
  if (!aggregate || !notes) return { todoist: 'off', basicops: 'off' };
  const host = aggregate.meeting.hostUserId;
  const meeting = { id: meetingId, name: aggregate.meeting.name, appUrl: deps.appUrl, startedAt: aggregate.meeting.startTime ?? undefined };
  const notice = (text: string) => deps.notes.saveDeliveryNotice(meetingId, notes.notes_id, text).catch(() => undefined);

  let todoist: DeliveryOutcome['todoist'] = 'off';
  const todoistConnection = await deps.connections.find(host, 'todoist');
  if (todoistConnection?.settings.autoStoreToInbox && notes.action_items.some((i) => !i.stored_in_todoist)) {
    try {
      const sink = await deps.taskSinkFor(host);
      const plan = planAutoStore(notes.action_items, await sink.openInboxTaskCount());
      const outcome = await storeItemsAsTasks(plan.toStore, meeting, sink);
      if (outcome.stored.length > 0) await deps.notes.markStoredInTodoist(meetingId, notes.notes_id, outcome.stored, outcome.taskIds);
      if (outcome.failure) throw outcome.failure;
      todoist = plan.skipped > 0 ? 'partly' : 'stored';
      if (plan.reason) await notice(plan.reason);
    } catch (error) {
      todoist = 'failed';
      deps.log?.('Auto-store to Todoist failed', { meetingId, error: (error as Error).message });
      await notice(autoStoreNotice(error));
    }
  }

  let basicops: DeliveryOutcome['basicops'] = 'off';
  const basicOpsConnection = await deps.connections.find(host, 'basicops');
  if (basicOpsConnection && notes.basicops_note_url) basicops = 'already';
  else if (basicOpsConnection) {
    try {
      const sink = deps.notesSinkFor(host);
      const project = chooseProject(await sink.listProjects(), basicOpsConnection.settings.projectId);
      if (!project) throw new NotesSinkError('rejected', 'Your BasicOps account has no project to put the notes in.');
      const text = renderMeetingNote({
        overview: notes.overview, summary: notes.summary, decisions: (notes.decisions ?? []).map((d) => d.content),
        action_items: notes.action_items.map((i) => ({ content: i.content, owner: i.owner ?? undefined, due: i.due ?? undefined })),
      }, meeting);
      await deps.notes.saveBasicOpsNote(meetingId, notes.notes_id, await sink.createNote({ ...text, projectId: project.id }));
      basicops = 'stored';
    } catch (error) {
      basicops = 'failed';
      deps.log?.('Storing notes in BasicOps failed', { meetingId, error: (error as Error).message });
      await notice(error instanceof NotesSinkError && error.kind === 'unauthorized'
        ? 'BasicOps needs to be authorized again: click Integrate BasicOps on the left panel; these notes were not stored there.'
        : `These notes could not be stored in BasicOps: ${(error as Error).message}`);
    }
  }
  return { todoist, basicops };
}

function autoStoreNotice(error: unknown): string {
  const name = (error as Error).name;
  if (name === 'ReauthorizationRequired' || (error instanceof TaskSinkError && error.kind === 'unauthorized')) {
    return 'Todoist needs to be authorized again: click Integrate Todoist on the left panel; these action items were not stored.';
  }
  if (error instanceof TaskSinkError && error.kind === 'inbox_full') return DELIVERY_MESSAGES.inboxFull;
  return 'The action items could not be stored in Todoist automatically; add them from the notes.';
}
