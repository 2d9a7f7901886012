import type { ToolBinding } from './types';

/**
 * toolId -> binding over the bindings array itself (sorted by toolId, code-unit order), by binary search.
 * A Map of every binding cost a hash table per resolve (tens of milliseconds and much of the GC at 100,000
 * tools) where the proxy and explain look up one name at a time.
 */
export class SortedBindings implements ReadonlyMap<string, ToolBinding> {
  constructor(private readonly list: readonly ToolBinding[]) {}

  get size(): number {
    return this.list.length;
  }

  get(toolId: string): ToolBinding | undefined {
    let low = 0;
    let high = this.list.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const key = this.list[mid].toolId;
      if (key === toolId) return this.list[mid];
      if (key < toolId) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }

  has(toolId: string): boolean {
    return this.get(toolId) !== undefined;
  }

  forEach(
    callback: (binding: ToolBinding, toolId: string, map: ReadonlyMap<string, ToolBinding>) => void,
    thisArg?: unknown,
  ): void {
    for (const binding of this.list) callback.call(thisArg, binding, binding.toolId, this);
  }

  entries(): MapIterator<[string, ToolBinding]> {
    return this.list.map((b): [string, ToolBinding] => [b.toolId, b])[Symbol.iterator]();
  }

  keys(): MapIterator<string> {
    return this.list.map((b) => b.toolId)[Symbol.iterator]();
  }

  values(): MapIterator<ToolBinding> {
    return this.list[Symbol.iterator]();
  }

  [Symbol.iterator](): MapIterator<[string, ToolBinding]> {
    return this.entries();
  }
}
