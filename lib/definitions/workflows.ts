/**
 * State machines: the ASL file (deployed by CDK, executed by the local runner) and the Lambda task
 * handlers its `${...FunctionArn}` substitutions point at. Paths are relative to the project root.
 */
export interface StateMachineDefinition {
  readonly id: string;
  /** Environment variable carrying the state machine ARN to handlers that start executions. */
  readonly envVar: string;
  /** Name in the local edition (the cloud lets CloudFormation name it). */
  readonly localName: string;
  readonly aslFile: string;
  /** Substitution key (e.g. ProbeMediaFunctionArn) → handler entry file exporting `handler`. */
  readonly lambdaTasks: Readonly<Record<string, string>>;
}

export const PROCESS_MEETING: StateMachineDefinition = {
  id: 'ProcessMeeting',
  envVar: 'PROCESS_MEETING_STATE_MACHINE_ARN',
  localName: 'process-meeting',
  aslFile: 'statemachines/process-meeting.asl.json',
  lambdaTasks: {
    StartProcessingFunctionArn: 'functions/pipeline/start-processing/handler.ts',
    StartTranscriptImportFunctionArn: 'functions/pipeline/transcript-import/start.ts',
    ImportTranscriptFunctionArn: 'functions/pipeline/transcript-import/register.ts',
    ProbeMediaFunctionArn: 'functions/pipeline/probe-media/handler.ts',
    ExtractAudioFunctionArn: 'functions/pipeline/extract-audio/handler.ts',
    NoteTranscriptionProgressFunctionArn: 'functions/pipeline/transcription-progress/handler.ts',
    BuildTranscriptFunctionArn: 'functions/pipeline/build-transcript/handler.ts',
    IndexSpokenWordsFunctionArn: 'functions/pipeline/index-spoken-words/handler.ts',
    IndexPassagesFunctionArn: 'functions/pipeline/index-passages/handler.ts',
    ExtractFramesFunctionArn: 'functions/pipeline/extract-frames/handler.ts',
    OcrFrameFunctionArn: 'functions/pipeline/ocr-frame/handler.ts',
    IndexFramesFunctionArn: 'functions/pipeline/index-frames/handler.ts',
    FinalizeFunctionArn: 'functions/pipeline/finalize/handler.ts',
    MarkFailedFunctionArn: 'functions/pipeline/mark-failed/handler.ts',
    AnalyseSentimentFunctionArn: 'functions/pipeline/sentiment/handler.ts',
    MarkSentimentFailedFunctionArn: 'functions/pipeline/sentiment/failed.ts',
    GenerateNotesFunctionArn: 'functions/pipeline/notes/handler.ts',
    MarkNotesFailedFunctionArn: 'functions/pipeline/notes/failed.ts',
    DeliverNotesFunctionArn: 'functions/pipeline/deliver-notes/handler.ts',
  },
};

/** Imports one Zoom/Webex cloud recording into a meeting (docs/integrations.md); started once per provider recording. */
export const IMPORT_RECORDING: StateMachineDefinition = {
  id: 'ImportRecording',
  envVar: 'IMPORT_RECORDING_STATE_MACHINE_ARN',
  localName: 'import-recording',
  aslFile: 'statemachines/import-recording.asl.json',
  lambdaTasks: {
    ImportRecordingFunctionArn: 'functions/pipeline/import-recording/handler.ts',
    MarkImportFailedFunctionArn: 'functions/pipeline/import-recording/failed.ts',
  },
};

export const STATE_MACHINES: readonly StateMachineDefinition[] = [PROCESS_MEETING, IMPORT_RECORDING];
