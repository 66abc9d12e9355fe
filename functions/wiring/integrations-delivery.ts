/**
 * The integrations context of notes delivery (the DeliverNotes task and the meetings handler's
 * `POST notes/{notesId}/store_action_items_in_t/`): stored tokens and the Todoist and BasicOps sinks.
 * Built once per container; throws ConfigError.
 */
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createNotesDeliveryStore } from '../adapters/insights/notes-delivery-store.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { readConfig } from '../config.js';
import type { TaskCompletion } from '../core/action-items/model.js';
import type { DeliveryDeps } from '../core/integrations/deliver-notes.js';
import { logger } from '../adapters/logging/logger.js';
import { providers } from './integration-providers.js';

let shared: (DeliveryDeps & { readonly todoistTasks: TaskCompletion }) | undefined;

export function deliveryContext(): DeliveryDeps & { readonly todoistTasks: TaskCompletion } {
  shared ??= build();
  return shared;
}

function build(): DeliveryDeps & { readonly todoistTasks: TaskCompletion } {
  const config = readConfig(['TABLE_NAME', 'PUBLIC_APP_URL', 'ZOOM_SECRET_ID', 'WEBEX_SECRET_ID', 'TODOIST_SECRET_ID', 'BASICOPS_SECRET_ID',
    'INTEGRATIONS_KEY_SECRET_ID']);
  const p = providers(config);
  const transcripts = createTranscripts(documentClient, config.TABLE_NAME);
  return {
    notes: createNotesDeliveryStore(documentClient, config.TABLE_NAME),
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    connections: p.connections,
    taskSinkFor: p.taskSinkFor,
    todoistTasks: p.todoistTasks,
    notesSinkFor: p.notesSinkFor,
    appUrl: p.appUrl,
    log: (message, extra) => logger.error(message, extra ?? {}),
    // Tasks made later than the notes carry the speakers' names of that moment (issue 30).
    speakerNames: async (meetingId) => (await transcripts.findTranscript(meetingId))?.speakerNames ?? {},
  };
}
