import type { CatalogDescriptionsView } from '../../../../shared/contract';
import type { CatalogRow } from './tool-states';

/** A row's identity: the same tool name can be offered by several servers, and an unavailable one by none. */
export const entryKey = (entry: Pick<CatalogRow, 'toolId' | 'server'>): string =>
  `${entry.server ?? ''}\u0000${entry.toolId}`;

export interface RowDescriptions {
  description: string | null;
  remoteDescription: string | null;
}
/** entryKey -> the row's descriptions (catalog.descriptions, fetched once a search starts). */
export type DescriptionsByKey = ReadonlyMap<string, RowDescriptions>;

export function descriptionsByKey(view: CatalogDescriptionsView): Map<string, RowDescriptions> {
  return new Map(view.descriptions.map((d) => [entryKey(d), d]));
}
