import { DetailError } from '../../errors.js';

/** 400 `{detail: 'Line N: …'}`: the file is of a known kind but breaks its rules at line N (1-based). */
export class MalformedTranscript extends DetailError {
  readonly name = 'MalformedTranscript';
  readonly statusCode = 400;
  constructor(readonly line: number, problem: string) {
    super(`Line ${line}: ${problem}`);
  }
}

/** 400 `{detail}`: empty, without text, or of no kind the import reads. */
export class UnreadableTranscript extends DetailError {
  readonly name = 'UnreadableTranscript';
  readonly statusCode = 400;
}

/** 415 `{detail}`: a declared content type the import does not take (an image, a recording…). */
export class UnsupportedTranscriptType extends DetailError {
  readonly name = 'UnsupportedTranscriptType';
  readonly statusCode = 415;
}
