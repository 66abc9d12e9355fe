/** The §8 text shown when a recording cannot be fetched (the player, the transcript player, the sentiment moments, downloads). */
export const DOWNLOAD_ERROR = 'There was an error downloading your file.';
