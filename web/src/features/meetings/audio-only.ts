/**
 * Whether a recording has sound only (issue 35: an m4a played in a large black video box): known from the file's
 * extension before it loads, or from the media element once its metadata says there is no picture.
 */
import { useState, type SyntheticEvent } from 'react';

const AUDIO_EXTENSIONS = /\.(m4a|mp3|wav|aac|oga|ogg|opus|flac)$/i;

/** True for a file name (or link path) with a sound-only extension. */
export function isAudioFileName(name: string | null | undefined): boolean {
  return Boolean(name && AUDIO_EXTENSIONS.test(name.split('?')[0]!));
}

/** `[audioOnly, onLoadedMetadata]`: starts from the name, and turns true when the loaded media has no picture. */
export function useAudioOnly(fileName: string | null | undefined) {
  const [noPicture, setNoPicture] = useState(false);
  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    const { videoWidth, videoHeight } = event.currentTarget;
    setNoPicture(videoWidth === 0 && videoHeight === 0);
  };
  return [isAudioFileName(fileName) || noPicture, onLoadedMetadata] as const;
}
