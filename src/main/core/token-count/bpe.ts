import type { TokenTable } from './o200k-table';

/**
 * How many tokens byte-pair merging makes of one piece: repeatedly merge the adjacent pair whose
 * merged bytes have the lowest rank (the leftmost on a tie), as tiktoken does, until no pair is a
 * token. A min-heap of candidate pairs with lazy invalidation makes that O(n log n) in the piece's
 * length, where the usual rescan of every pair after every merge is O(n²): a long run of one letter
 * took minutes that way.
 */
export function countPieceTokens(table: TokenTable, bytes: Uint8Array, length: number): number {
  if (length <= 1) return length;
  if (table.rankOf(bytes, 0, length) >= 0) return 1;
  // Part i starts at byte i (merged parts keep the index of their first byte); `length` is the end sentinel.
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const pairRank = new Int32Array(length); // rank of part i merged with the part after it, or -1
  for (let i = 0; i < length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new MinHeap();
  const endOf = (part: number) => (part < length ? next[part] : length);
  const rate = (part: number) => {
    const after = next[part];
    pairRank[part] = after < length ? table.rankOf(bytes, part, endOf(after)) : -1;
    if (pairRank[part] >= 0) heap.push(pairRank[part] * length + part);
  };
  for (let i = 0; i < length - 1; i++) rate(i);

  let parts = length;
  while (heap.size > 0) {
    const key = heap.pop();
    const part = key % length;
    const rank = (key - part) / length;
    if (pairRank[part] !== rank || next[part] === -1) continue; // merged away or re-rated since it was queued
    const gone = next[part];
    next[part] = next[gone];
    if (next[gone] < length) prev[next[gone]] = part;
    next[gone] = -1;
    pairRank[gone] = -1;
    parts -= 1;
    rate(part);
    if (prev[part] >= 0) rate(prev[part]);
  }
  return parts;
}

/** A binary min-heap of non-negative integer keys (rank × length + position: lowest rank, then leftmost). */
class MinHeap {
  private keys: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number): void {
    const keys = this.keys;
    let i = keys.push(key) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      i = parent;
    }
    keys[i] = key;
  }

  pop(): number {
    const keys = this.keys;
    const top = keys[0];
    const last = keys.pop() as number;
    if (keys.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= keys.length) break;
        const child = left + 1 < keys.length && keys[left + 1] < keys[left] ? left + 1 : left;
        if (keys[child] >= last) break;
        keys[i] = keys[child];
        i = child;
      }
      keys[i] = last;
    }
    return top;
  }
}
