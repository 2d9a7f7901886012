import type { ServerSkillsReport } from '../core/catalog/catalog-run';
import type { CliIo } from './io';

/** `catalog --json`'s `serverSkills`: one row per published skill (verified, quarantined or refused, with why). */
export function serverSkillsJson(report: ServerSkillsReport | undefined) {
  if (!report) return [];
  const listed = report.skills.map((s) => ({
    server: s.server,
    name: s.name,
    description: s.description,
    uri: s.uri,
    state: s.state,
    reason: s.reason?.text ?? null,
    digest: s.digest,
    pinnedDigest: s.pinnedDigest,
    pinnedAt: s.pinnedAt,
    files: s.files,
    bytes: s.bytes,
    usedBy: s.usedBy,
  }));
  // A listing refused as a whole (a 2026-07-28 page without ttlMs) has no skills to show: one row says why.
  const failed = report.listings
    .filter((l) => l.state === 'failed')
    .map((l) => ({
      server: l.server,
      name: null,
      description: '',
      uri: null,
      state: 'refused' as const,
      reason: l.error?.text ?? null,
      digest: null,
      pinnedDigest: null,
      pinnedAt: null,
      files: 0,
      bytes: 0,
      usedBy: null,
    }));
  return [...listed, ...failed];
}

export function printServerSkills(report: ServerSkillsReport | undefined, io: CliIo): void {
  const rows = serverSkillsJson(report);
  if (rows.length === 0) return;
  io.stdout('');
  io.stdout('Skills from servers');
  const widths = [0, 0, 0];
  const cells = rows.map((r) => [
    r.state,
    r.name ?? '(listing)',
    r.server,
    r.reason ?? (r.usedBy ? `manual of skill ${r.usedBy}` : r.description),
  ]);
  for (const row of cells) for (let c = 0; c < 3; c++) widths[c] = Math.max(widths[c], row[c].length);
  for (const row of cells)
    io.stdout(
      `  ${row
        .slice(0, 3)
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')}  ${row[3]}`,
    );
}
