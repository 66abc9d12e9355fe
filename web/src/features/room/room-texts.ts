/** The live room's texts (spec §2 "Live meeting room", §8 "Live room"). */
export const ROOM_TEXTS = {
  ready: 'Ready to collaborate?',
  hostIntro: 'Start the meeting to share your whiteboard with up to ten people.',
  guestIntro: 'Join the crew: click Join to see and hear the host.',
  permission: 'No one can see or hear you yet. Click Allow when your browser asks for the camera and microphone, '
    + 'or check your browser settings and refresh the page.',
  welcome: 'Welcome to the meeting!',
  welcomeHint: 'Tell the host who you are.',
  hostEnded: 'Host ended the meeting.',
  recorded: 'This session is recorded and saved to the host\'s meetings.',
  inviteTitle: 'Invite people to the meeting',
  inviteText: 'Share this link with up to ten people to invite them to the meeting.',
  copied: 'Copied!',
  presenterFallback: 'A unknown error occurred! Please try again. If the problem persists, please contact the support team.',
  viewerFallback: 'Unknown error occurred, please try again! If the problem persists, please contact the support team.',
  waitingForHost: 'Connecting to the host…',
  saving: 'Saving the recording…',
  /** Headings by state (the spec's 'Ready to collaborate?' before the start). */
  starting: { host: 'Starting the meeting…', guest: 'Joining the meeting…' },
  live: { host: 'You are live', guest: 'You are in the meeting' },
  savingHeading: 'Saving the recording',
  ended: 'The meeting has ended',
  liveIntro: {
    host: 'Share the link with up to ten people. Stop ends the meeting for everyone and saves the recording.',
    guest: 'You see and hear the host. Leave with Stop.',
  },
  saved: 'The recording was saved to your meetings. It is being processed now: the transcript follows in about 10 minutes.',
  notSaved: 'The recording could not be saved. Please contact support.',
  backToMeetings: 'My Meetings',
  /** After the room, host only (issue 28): nothing is shared with a guest before the host confirms. */
  shareGuestsTitle: 'Share with the guests',
  shareGuestsText: 'These guests joined the meeting. Share the recording, transcript and notes with the ones you know: '
    + 'each gets read access and an e-mail. Guests type their own e-mail, so untick any address you do not recognise.',
  shareGuests: 'Share with the guests',
  dontShare: 'Don\'t share',
  sharedWithGuests: (n: number) => `Shared with ${n} ${n === 1 ? 'guest' : 'guests'}.`,
} as const;

export const COPIED_NOTE_MS = 1000;
export const SURVEY_DELAY_MS = 3000;
export const CLOCK_REFRESH_MS = 5000;
