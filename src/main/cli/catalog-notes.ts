import { describeSchemaCap, describeTruncation, type Catalog } from '../../shared/catalog';
import { describeNameWarning, nameWarnings } from '../../shared/catalog/lookalike-names';
import type { InstructionsPinState } from '../core/catalog/instruction-pins';

/**
 * The `catalog` command's notes under its tables: tool names that may pass for another, and what the host changes
 * before the model sees it (a description or an input schema over its cap). One line each, the server's text never quoted.
 */
export function catalogNotes(catalog: Catalog): string[] {
  const notes: string[] = [];
  const servers = new Map<string, string[]>();
  for (const e of catalog.entries)
    if (e.server !== null) servers.set(e.toolId, [...(servers.get(e.toolId) ?? []), e.server]);
  // The name as JSON: its hidden characters show as \u escapes.
  for (const warning of nameWarnings([
    ...catalog.localTools.map((t) => t.name),
    ...catalog.entries.map((e) => e.toolId),
  ]).values())
    notes.push(
      `${JSON.stringify(warning.name)}${servers.has(warning.name) ? ` on ${servers.get(warning.name)!.join(', ')}` : ''}: look-alike name: ${describeNameWarning(warning)}`,
    );
  for (const e of catalog.entries) {
    if (e.server === null) continue;
    const where = `${e.toolId} on ${e.server}`;
    if (e.descriptionTruncated) notes.push(`${where}: description ${describeTruncation(e.descriptionTruncated)}`);
    if (e.schemaCapped) notes.push(`${where}: input schema ${describeSchemaCap(e.schemaCapped)}`);
  }
  return notes;
}

/** A held change of each server's instructions: the model keeps receiving the pinned text until it is accepted in the console. */
export function instructionNotes(
  instructions: ReadonlyMap<string, InstructionsPinState>,
): { server: string; text: string }[] {
  const notes: { server: string; text: string }[] = [];
  for (const [server, pin] of instructions) {
    if (!pin.held) continue;
    const now =
      pin.currentHash === null
        ? 'gives none now'
        : `changed (sha256 ${pin.pinned.hash.slice(0, 12)} -> ${pin.currentHash.slice(0, 12)})`;
    notes.push({
      server,
      text: `the instructions of ${server} ${now} since pinned at ${pin.pinned.pinnedAt}: held, the model keeps receiving the pinned ones until you accept the change on the server's card`,
    });
  }
  return notes;
}
