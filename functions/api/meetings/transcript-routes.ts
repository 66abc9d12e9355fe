import { dismissNameSuggestionRequest, updateSpeakerNamesRequest, updateTranscriptLineRequest } from '../../contracts/transcripts.js';
import {
  speakerNames, transcriptFormat, transcriptLink, updateSpeakerNames, updateTranscriptLine, type TranscriptPorts,
} from '../../core/transcripts/transcript-access.js';
import { dismissNameSuggestion, speakerNameOptions, speakerNameSuggestions } from '../../core/speakers/name-suggestions.js';
import { route, type Route } from '../http/router.js';

/**
 * GET meetings/{id}/transcript/[?format=], GET meetings/{id}/speaker_names/, PUT meetings/{id}/update_speaker_names/ (spec §7),
 * PUT meetings/{id}/update_transcript_line/ (issue 17), GET meetings/{id}/speaker_name_suggestions/,
 * PUT meetings/{id}/dismiss_speaker_name_suggestion/ and GET meetings/{id}/speaker_name_options/ (issue 30; the last two
 * only with a name-choices store).
 */
export function transcriptRoutes(ports: TranscriptPorts): Route<any>[] {
  const { nameChoices } = ports;
  return [
    route({ method: 'GET', path: 'meetings/{id}/transcript/', auth: 'user',
      handle: ({ principal, params, query }) => transcriptLink(ports, principal, params.id, transcriptFormat(query.format)) }),
    route({ method: 'GET', path: 'meetings/{id}/speaker_names/', auth: 'user',
      handle: ({ principal, params }) => speakerNames(ports, principal, params.id) }),
    route({ method: 'GET', path: 'meetings/{id}/speaker_name_suggestions/', auth: 'user',
      handle: ({ principal, params }) => speakerNameSuggestions(ports, principal, params.id) }),
    ...(nameChoices ? [
      route({ method: 'PUT', path: 'meetings/{id}/dismiss_speaker_name_suggestion/', auth: 'user', body: dismissNameSuggestionRequest,
        handle: ({ principal, params, body }) => dismissNameSuggestion({ ...ports, nameChoices }, principal, params.id, body) }),
      route({ method: 'GET', path: 'meetings/{id}/speaker_name_options/', auth: 'user',
        handle: ({ principal, params }) => speakerNameOptions({ ...ports, nameChoices }, principal, params.id) }),
    ] : []),
    route({ method: 'PUT', path: 'meetings/{id}/update_speaker_names/', auth: 'user', body: updateSpeakerNamesRequest,
      handle: ({ principal, params, body }) => updateSpeakerNames(ports, principal, params.id, body.speakerNames) }),
    route({ method: 'PUT', path: 'meetings/{id}/update_transcript_line/', auth: 'user', body: updateTranscriptLineRequest,
      handle: ({ principal, params, body }) => updateTranscriptLine(ports, principal, params.id, body.line, body.text) }),
  ];
}
