/**
 * Whisper tiny.en's token ids back to text, in TypeScript: the vocabulary, the byte map and the added (special and
 * timestamp) tokens are the attributes of the graph's BpeDecoder node (native-graph.ts copies them out), so the text is
 * what that node would have produced, and the timestamp tokens it skips are kept for the word times.
 */

/** The vocabulary as the BpeDecoder node holds it: one token a line in id order, `id\ttext` lines, `char code\tbyte` lines. */
export interface BpeTables { idVocab: string; addedTokens: string; byteDecoder: string }

/** Special ids of the English-only Whisper models. */
export const END_OF_TEXT = 50256;
export const START_OF_TRANSCRIPT = 50257;
export const NO_TIMESTAMPS = 50362;
/** `<|0.00|>`; each id after it is 0.02 s later, up to `<|30.00|>`. */
export const FIRST_TIMESTAMP = 50363;
export const TIMESTAMP_SECONDS = 0.02;

export interface WhisperTokens {
  /** Text of the non-special ids among `ids` (special and timestamp tokens are skipped), as BpeDecoder joins it. */
  decode(ids: readonly number[]): string;
  /** Seconds of a timestamp token, or undefined for any other id. */
  timestamp(id: number): number | undefined;
  /** True for ids that are not text (end of text, start of transcript, task, language, timestamp tokens). */
  special(id: number): boolean;
}

/** Reads the node's tables; throws when they do not look like a byte-level BPE vocabulary. */
export function createWhisperTokens(tables: BpeTables): WhisperTokens {
  const vocab = tables.idVocab.split('\n');
  const added = new Map<number, string>();
  for (const line of tables.addedTokens.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) added.set(Number(line.slice(0, tab)), line.slice(tab + 1));
  }
  const bytes = new Map<number, number>();
  for (const line of tables.byteDecoder.split('\n')) {
    const [code, byte] = line.split('\t');
    if (code !== undefined && byte !== undefined && code !== '') bytes.set(Number(code), Number(byte));
  }
  if (vocab.length < END_OF_TEXT || bytes.size !== 256 || !added.has(FIRST_TIMESTAMP)) throw new Error('the BpeDecoder tables are not a Whisper vocabulary');
  const lastTimestamp = Math.max(...[...added.keys()].filter((id) => /^<\|\d+\.\d\d\|>$/.test(added.get(id)!)));
  const special = (id: number) => id >= END_OF_TEXT;
  return {
    special,
    timestamp: (id) => (id >= FIRST_TIMESTAMP && id <= lastTimestamp ? Math.round((id - FIRST_TIMESTAMP) * TIMESTAMP_SECONDS * 100) / 100 : undefined),
    decode(ids) {
      const out: number[] = [];
      for (const id of ids) {
        if (special(id)) continue;
        const token = vocab[id];
        if (token === undefined) continue;
        for (const char of token) {
          const byte = bytes.get(char.codePointAt(0)!);
          if (byte !== undefined) out.push(byte);
        }
      }
      return Buffer.from(out).toString('utf8');
    },
  };
}
