import { describeSchemaCap, describeTruncation, type Catalog } from '../../shared/catalog';

/**
 * The `catalog` command's notes under its tables: what the host changes before the model sees it (a description or
 * an input schema over its cap). One line each, the server's text never quoted.
 */
export function catalogNotes(catalog: Catalog): string[] {
  const notes: string[] = [];
  for (const e of catalog.entries) {
    if (e.server === null) continue;
    const where = `${e.toolId} on ${e.server}`;
    if (e.descriptionTruncated) notes.push(`${where}: description ${describeTruncation(e.descriptionTruncated)}`);
    if (e.schemaCapped) notes.push(`${where}: input schema ${describeSchemaCap(e.schemaCapped)}`);
  }
  return notes;
}
