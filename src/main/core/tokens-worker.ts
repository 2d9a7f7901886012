/**
 * The body of the token-counting worker thread. It is sent to the worker as source text
 * (`String(countTokensWorker)`) so that it runs the same from the TypeScript sources (tsx, vitest) and
 * from a bundle, without a second entry point in every build. So it must be self-contained: no imports,
 * no closures over this module, no nested named functions or classes (a bundler may wrap those with
 * helpers defined outside), and no `require` (bundlers rename it): modules come from process.getBuiltinModule.
 *
 * Counting is exact o200k_base (gpt-tokenizer's tables) except for one case. BPE merging costs the square
 * of a piece's length, and a run of letters or symbols with no break (a 5 MB description of one "word")
 * is one piece: that took minutes. The text is split with o200k's own pre-tokenizer, and a piece longer
 * than LONG_PIECE is counted in slices of that length, which costs linear time and may differ from o200k
 * by about one token per slice. Ordinary text never has such pieces, so it stays exact.
 */
export function countTokensWorker(paths: { encoding: string; constants: string }): void {
  const { parentPort } = process.getBuiltinModule('node:worker_threads');
  const load = process.getBuiltinModule('node:module').createRequire(paths.encoding);
  const { countTokens } = load(paths.encoding) as { countTokens: (text: string, options: object) => number };
  const { O200K_TOKEN_SPLIT_REGEX } = load(paths.constants) as { O200K_TOKEN_SPLIT_REGEX: RegExp };
  const LONG_PIECE = 256;
  const BATCH = 4096;
  // Special-token text ("<|endoftext|>") inside a description is counted as plain text, never refused.
  const plain = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
  const split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

  const count = (text: string): number => {
    let total = 0;
    let batchStart = 0; // pieces are counted in batches: a run of whole pieces splits back into the same pieces
    let batchEnd = 0;
    for (const match of text.matchAll(split)) {
      const start = match.index;
      const piece = match[0];
      if (piece.length <= LONG_PIECE) {
        if (start !== batchEnd || batchEnd - batchStart >= BATCH) {
          if (batchEnd > batchStart) total += countTokens(text.slice(batchStart, batchEnd), plain);
          batchStart = start;
        }
        batchEnd = start + piece.length;
        continue;
      }
      if (batchEnd > batchStart) total += countTokens(text.slice(batchStart, batchEnd), plain);
      batchStart = batchEnd = start + piece.length;
      for (let at = 0; at < piece.length; ) {
        let end = Math.min(at + LONG_PIECE, piece.length);
        const code = piece.charCodeAt(end - 1);
        if (end < piece.length && code >= 0xd800 && code <= 0xdbff) end += 1; // never split a surrogate pair
        total += countTokens(piece.slice(at, end), plain);
        at = end;
      }
    }
    if (batchEnd > batchStart) total += countTokens(text.slice(batchStart, batchEnd), plain);
    return total;
  };

  parentPort!.on('message', (message: { id: number; texts: string[] }) => {
    try {
      parentPort!.postMessage({ id: message.id, counts: message.texts.map(count) });
    } catch (error) {
      parentPort!.postMessage({ id: message.id, error: String((error as Error)?.message ?? error) });
    }
  });
}
