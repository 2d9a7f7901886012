import type { ExecutionRecord, RecordSummary } from '../../../../shared/contract';

/** Runs `load` over the ids with at most `concurrency` in flight, keeping the input order. */
export async function loadAll<T>(
  ids: string[],
  load: (id: string) => Promise<T>,
  concurrency = 8,
  onProgress?: (done: number) => void,
): Promise<T[]> {
  const out = new Array<T>(ids.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      out[index] = await load(ids[index]);
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return out;
}

export interface RecordsExport {
  exportedAt: string;
  kind: 'full' | 'summaries';
  filter: Record<string, string>;
  count: number;
  records: (ExecutionRecord | RecordSummary)[];
}

export function buildExport(
  kind: RecordsExport['kind'],
  filter: Record<string, string>,
  records: RecordsExport['records'],
  now = new Date(),
): RecordsExport {
  const chosen = Object.fromEntries(Object.entries(filter).filter(([, value]) => value && value !== 'all'));
  return { exportedAt: now.toISOString(), kind, filter: chosen, count: records.length, records };
}

/** Saves JSON through a download link: works in the browser console and in Electron (which asks where to save). */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const exportFileName = (kind: RecordsExport['kind'], now = new Date()) =>
  `switchboard-records-${kind}-${now.toISOString().replace(/[:.]/g, '-')}.json`;
