import { useMemo } from 'react';
import { useRpcQuery } from '../queries';
import { descriptionsByKey, type DescriptionsByKey } from './descriptions';

/**
 * Every row's descriptions, for searching them. They are the bulk of the catalog's text and no row shows them, so
 * they are fetched only once `wanted` (a search box was focused or holds a query), never for the first rows.
 */
export function useCatalogDescriptions(wanted: boolean): DescriptionsByKey | undefined {
  const query = useRpcQuery('catalog.descriptions', {}, { enabled: wanted });
  return useMemo(() => (query.data ? descriptionsByKey(query.data) : undefined), [query.data]);
}
