/**
 * espeak-ng voices for the evaluations that speak scripted meetings (eval:notes, eval:speakers).
 */

/**
 * The espeak-ng voice to ask for. espeak-ng 1.51 (Debian 12) ignores the variant of the `en-gb` alias: `en-gb+f4`,
 * `en-gb+m2` and `en-gb` give byte-identical audio, so two speakers scripted as different British voices spoke with one
 * voice. `en` is the same British English voice (gmw/en) and honours variants, so `en-gb+X` is asked for as `en+X`.
 */
export function espeakVoice(voice: string): string {
  return voice.replace(/^en-gb\+/i, 'en+');
}
