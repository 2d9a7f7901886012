import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Slices } from '../slices';

/**
 * o200k_base's 200,000 byte strings and their ranks, packed into three typed arrays (~4.5 MB): every
 * token's bytes end to end, where each starts, and an open-addressing hash from bytes to rank.
 *
 * Why not a library's tables: js-tiktoken keeps a Map of comma-joined byte strings (~110 MB) and
 * gpt-tokenizer a Map of strings (~45 MB, and a worker that held them never gave the memory back),
 * against a 150 MB budget for the whole host (issue 15 §8). The data is js-tiktoken's (o200k_base ranks
 * in one line: `! 0 <base64> <base64> …`, rank = position), read as text so no 2 MB module stays loaded.
 */
export interface TokenTable {
  /** The rank of bytes[start, end), or -1 when it is not a token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
  /** The longest token, in bytes: a longer span is never one. */
  readonly maxTokenBytes: number;
  /** o200k's pre-tokenizer: text is split into pieces, and BPE runs within each piece. */
  readonly splitPattern: RegExp;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], FNV_PRIME);
  return h >>> 0;
}

class PackedTable implements TokenTable {
  constructor(
    private readonly tokenBytes: Uint8Array,
    /** tokenStart[rank] .. tokenStart[rank + 1] */
    private readonly tokenStart: Uint32Array,
    /** rank + 1 per slot, 0 = empty */
    private readonly slots: Int32Array,
    readonly maxTokenBytes: number,
    readonly splitPattern: RegExp,
  ) {}

  rankOf(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length > this.maxTokenBytes || length <= 0) return -1;
    const mask = this.slots.length - 1;
    for (let slot = hashBytes(bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      if (entry === 0) return -1;
      const rank = entry - 1;
      const from = this.tokenStart[rank];
      if (this.tokenStart[rank + 1] - from !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++)
        if (this.tokenBytes[from + i] !== bytes[start + i]) {
          same = false;
          break;
        }
      if (same) return rank;
    }
  }
}

const BASE64_VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64_VALUE[c.charCodeAt(0)] = i;

/**
 * Decodes the base64 in text[from, to) into out at `at`; returns the byte count, or -1 on a character that is not
 * base64. Written here because Buffer.from(text.slice(…), 'base64') per token made two short-lived objects for each
 * of 200,000 tokens: the young-generation collections they caused were the longest pauses of the table build.
 */
export function decodeBase64Into(text: string, from: number, to: number, out: Uint8Array, at: number): number {
  while (to > from && text.charCodeAt(to - 1) === 0x3d) to--; // '=' padding
  let bits = 0;
  let count = 0;
  let written = at;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? BASE64_VALUE[code] : -1;
    if (value < 0) return -1;
    bits = ((bits << 6) | value) & 0xffffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[written++] = (bits >> count) & 0xff;
    }
  }
  return written - at;
}

/** Reads and packs the table, in slices that hand the event loop back (the whole build is ~100-300 ms of CPU). */
export async function loadO200kTable(): Promise<TokenTable> {
  const path = createRequire(import.meta.url).resolve('js-tiktoken/ranks/o200k_base');
  const source = await readFile(path, 'utf8');
  const marker = '"bpe_ranks":"';
  const at = source.indexOf(marker);
  const header = JSON.parse(`${source.slice(source.indexOf('{'), at)}"bpe_ranks":""}`) as { pat_str: string };
  const end = source.lastIndexOf('"');
  // `! 0 ` then one base64 token per rank, space-separated; walked with indexOf so no 200,000-string array is made.
  let cursor = at + marker.length;
  if (source.slice(cursor, cursor + 4) !== '! 0 ') throw new Error(`unexpected o200k ranks layout in ${path}`);
  cursor += 4;
  const starts: number[] = [];
  let tokenBytes = new Uint8Array(2 * 1024 * 1024);
  let used = 0;
  let maxTokenBytes = 0;
  const slices = new Slices();
  while (cursor < end) {
    let stop = source.indexOf(' ', cursor);
    if (stop === -1 || stop > end) stop = end;
    // At most 3 bytes per 4 base64 characters: room for the token before decoding it in place.
    if (used + ((stop - cursor) >> 2) * 3 > tokenBytes.length) {
      const grown = new Uint8Array(tokenBytes.length * 2);
      grown.set(tokenBytes);
      tokenBytes = grown;
    }
    const length = decodeBase64Into(source, cursor, stop, tokenBytes, used);
    if (length < 0) throw new Error(`unexpected o200k ranks layout in ${path}`);
    cursor = stop + 1;
    starts.push(used);
    used += length;
    if (length > maxTokenBytes) maxTokenBytes = length;
    if ((starts.length & 255) === 0 && slices.due) await slices.handBack();
  }
  const count = starts.length;
  if (count < 100_000) throw new Error(`unexpected o200k ranks layout in ${path}`);
  const tokenStart = new Uint32Array(count + 1);
  tokenStart.set(starts);
  tokenStart[count] = used;
  tokenBytes = tokenBytes.slice(0, used);

  let size = 1;
  while (size < count * 2) size <<= 1;
  const slots = new Int32Array(size);
  for (let rank = 0; rank < count; rank++) {
    let slot = hashBytes(tokenBytes, tokenStart[rank], tokenStart[rank + 1]) & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = rank + 1;
    if ((rank & 1023) === 0 && slices.due) await slices.handBack();
  }
  const splitPattern = new RegExp(header.pat_str, 'gu');
  // The pre-tokenizer's first match compiles it: here, on a turn of its own, not inside the first count.
  await slices.handBack();
  Array.from(PATTERN_WARM_UP.matchAll(splitPattern));
  return new PackedTable(tokenBytes, tokenStart, slots, maxTokenBytes, splitPattern);
}

/** Letters, CJK, digits, punctuation and whitespace: the pattern's alternatives. */
const PATTERN_WARM_UP = "Hello, it's 世界 123!\n  done";
