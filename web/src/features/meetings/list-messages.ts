/** Texts of the meetings list (spec §2, §8). */

export const LOAD_ERROR = 'An error occurred while loading your meetings. Please try again later.';
/** A link to one meeting (share link, dashboard operation) that the caller may not see: 404 from the list call. */
export const NOT_SHARED = 'This meeting has not been shared with you, or it no longer exists. '
  + 'Ask its host to share it with the e-mail address you signed in with.';
export const NO_MEETINGS = 'No meetings yet. Upload a recording to get started.';
export const MINUTES_OVERLAY_TITLE = 'You have used up your minutes for the month.';
export const MINUTES_OVERLAY_TEXT = 'Upgrade your plan to keep uploading and reviewing meetings.';

/** The empty result of a search. */
export const nothingMatched = (query: string): string => `Nothing matched for "${query}".`;
