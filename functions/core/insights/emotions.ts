/**
 * A small emotion lexicon (hand-made for meeting talk, after the basic-emotion sets of Plutchik/NRC).
 * A sentence's `emotions` are the categories whose words it contains, most matches first, ties by name;
 * empty when none match. Matching is on whole lower-cased words; a few common inflections are listed.
 */
export const EMOTION_LEXICON: Readonly<Record<string, readonly string[]>> = {
  joy: ['happy', 'glad', 'great', 'love', 'loved', 'excellent', 'awesome', 'fantastic', 'wonderful', 'excited', 'exciting', 'enjoy', 'enjoyed', 'fun',
    'delighted', 'pleased', 'amazing', 'perfect', 'celebrate', 'nice'],
  trust: ['agree', 'agreed', 'confident', 'reliable', 'trust', 'sure', 'certainly', 'definitely', 'support', 'committed', 'promise', 'count'],
  anger: ['angry', 'annoyed', 'annoying', 'furious', 'frustrated', 'frustrating', 'hate', 'ridiculous', 'unacceptable', 'outrageous', 'mad', 'terrible',
    'awful'],
  fear: ['afraid', 'worried', 'worry', 'concerned', 'concern', 'risk', 'risky', 'scared', 'nervous', 'anxious', 'threat', 'danger', 'dangerous', 'panic'],
  sadness: ['sad', 'sorry', 'unfortunately', 'disappointed', 'disappointing', 'miss', 'missed', 'lost', 'lose', 'regret', 'unhappy', 'upset', 'failed',
    'failure'],
  surprise: ['surprised', 'surprising', 'unexpected', 'wow', 'suddenly', 'shocked', 'amazed', 'unbelievable', 'strange'],
};

const WORD_TO_EMOTIONS = new Map<string, string[]>();
for (const [emotion, words] of Object.entries(EMOTION_LEXICON)) {
  for (const word of words) WORD_TO_EMOTIONS.set(word, [...(WORD_TO_EMOTIONS.get(word) ?? []), emotion]);
}

/** The emotion categories a text expresses by the lexicon, most matched first. */
export function detectEmotions(text: string): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    for (const emotion of WORD_TO_EMOTIONS.get(word.replace(/'s$/, '')) ?? []) counts.set(emotion, (counts.get(emotion) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([emotion]) => emotion);
}
