/**
 * Caps for every host → guest video sender, scaled by the number of guests: each guest costs one VP8
 * encoder on the host, and ten uncapped 30 fps encoders starve a 2-core laptop (dependencies.md
 * "Live room": 15 fps / 600 kbit/s holds ten guests at 11–15 fps).
 */
export interface SenderCaps { maxFramerate: number; maxBitrate: number }

/** The caps for `guests` connected guests. */
export function senderCapsFor(guests: number): SenderCaps {
  if (guests <= 2) return { maxFramerate: 30, maxBitrate: 1_500_000 };
  if (guests <= 5) return { maxFramerate: 20, maxBitrate: 900_000 };
  return { maxFramerate: 15, maxBitrate: 600_000 };
}

/** Applies the caps to a video sender (keeping the resolution, dropping frames first). */
export async function applySenderCaps(sender: RTCRtpSender, caps: SenderCaps): Promise<void> {
  const parameters = sender.getParameters();
  if (!parameters.encodings || parameters.encodings.length === 0) parameters.encodings = [{}];
  for (const encoding of parameters.encodings) {
    encoding.maxFramerate = caps.maxFramerate;
    encoding.maxBitrate = caps.maxBitrate;
  }
  (parameters as RTCRtpSendParameters & { degradationPreference?: string }).degradationPreference = 'maintain-resolution';
  await sender.setParameters(parameters);
}
