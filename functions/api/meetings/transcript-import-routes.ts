import { importTranscript, type TranscriptImportPorts } from '../../core/transcripts/import/import-transcript.js';
import { header, requestBytes } from '../http/request.js';
import { HttpResponse } from '../http/response.js';
import { route, type Route } from '../http/router.js';

/** POST meetings/{id}/transcript_import/?file_name= (issue 27): the file is the raw body, with its Content-Type (docs/meetings.md). */
export function transcriptImportRoutes(ports: TranscriptImportPorts): Route<any>[] {
  return [
    route({ method: 'POST', path: 'meetings/{id}/transcript_import/', auth: 'user', rawBody: true,
      handle: async ({ principal, params, query, event }) => new HttpResponse(202, await importTranscript(ports, principal, params.id, {
        bytes: requestBytes(event), contentType: header(event, 'content-type'), fileName: query.file_name,
      })) }),
  ];
}
