/** The transcript modal's texts (spec §8 Notes, transcript, downloads; §5 Speaker names). */

export const TRANSCRIPT_MESSAGES = {
  /** Spec §8: transcript not ready, about 10 minutes. */
  notReady: 'Your meeting transcript is being generated. This usually takes about 10 minutes. Please check back later.',
  /** Spec §8 gives only the beginning; the rest asks for support like the other transcript errors. */
  processingFailed: 'There was an error processing your meeting transcript. Please contact support.',
  noRecording: 'This meeting has no recording, so there is no transcript.',
  empty: 'No speech was recognised in this recording.',
  /** The transcript link could not be had. */
  downloadProblem: 'There was a problem downloading your meeting transcript.',
  /** The link came but the file could not be fetched. */
  downloadError: 'There was an error downloading your meeting transcript.',
  unchanged: 'Please edit the speaker names before clicking Update.',
  nameRequired: 'Please enter a name for every speaker.',
  /** The update call failed (no answer, server error, not allowed). */
  updateError: 'There was an error updating your speaker names. Please contact support.',
  /** The update call was refused for another reason than unchanged names. */
  updateIssue: 'There was an issue updating your speaker names. Please contact support.',
  /** The rewritten file could not be fetched (no answer). */
  refetchError: 'There was an error retrieving your updated transcript. Please contact support.',
  /** The rewritten file's link answered with an error. */
  refetchIssue: 'There was an issue retrieving your updated transcript. Please contact support.',
  namesLoadError: 'There was an error loading the speaker names. Please try again.',
  updated: 'Speaker names updated.',
  lineUpdated: 'Line corrected. The downloads and search use the corrected words. The meeting notes were made from the earlier text: open Notes to ' +
    'regenerate them.',
  editError: 'There was an error saving your correction. Please try again.',
} as const;
