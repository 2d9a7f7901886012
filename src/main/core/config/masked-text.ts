import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Scalar } from 'yaml';
import { isMasked, isSecretField, maskSecret, unmatchedMask, type SecretPath } from '../../../shared/config/secrets';
import type { ConfigProblem } from '../../../shared/contract';

/**
 * switchboard.yaml's text as the raw editor shows it: each literal secret of a server entry (see
 * shared/config/secrets.ts) replaced in place by its mask, everything else (comments, order, line
 * numbers) as written. A saved text gets its masks put back to the literals from the file.
 */
interface SecretScalar {
  server: string | undefined;
  index: number;
  path: SecretPath;
  node: Scalar;
  value: string;
}

/**
 * The scalars under agent.mcp.servers whose path and value pass `test` (by default: literal secrets), found
 * by walking the document, which may have YAML errors.
 */
function secretScalars(
  document: Document,
  test: (path: SecretPath, value: unknown) => boolean = isSecretField,
): SecretScalar[] {
  const servers = document.getIn(['agent', 'mcp', 'servers'], true);
  if (!isSeq(servers)) return [];
  const found: SecretScalar[] = [];
  servers.items.forEach((item, index) => {
    if (!isMap(item)) return;
    const name = item.get('name', true);
    const server = isScalar(name) && typeof name.value === 'string' ? name.value : undefined;
    for (const field of ['headers', 'env', 'auth']) {
      const values = item.get(field, true);
      if (!isMap(values)) continue;
      for (const pair of values.items) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        const node = pair.value;
        if ((typeof key !== 'string' && typeof key !== 'number') || !isScalar(node) || !node.range) continue;
        const path: SecretPath = [field, String(key)];
        if (test(path, node.value)) found.push({ server, index, path, node, value: String(node.value) });
      }
    }
  });
  return found;
}

const SECRET_FIELDS = new Set(['headers', 'env', 'auth']);

/**
 * Masked scalars in a server entry anywhere but a headers/env/auth value (an argument, the url, a nested
 * value): no literal stands behind them, so a save holding one is refused rather than writing the mask.
 */
function strayMasks(document: Document): { index: number; path: (string | number)[]; node: Scalar }[] {
  const servers = document.getIn(['agent', 'mcp', 'servers'], true);
  if (!isSeq(servers)) return [];
  const found: { index: number; path: (string | number)[]; node: Scalar }[] = [];
  const walk = (node: unknown, index: number, path: (string | number)[]) => {
    if (isScalar(node)) {
      const inSecretField = path.length === 2 && SECRET_FIELDS.has(String(path[0]));
      if (typeof node.value === 'string' && isMasked(node.value) && !inSecretField && node.range)
        found.push({ index, path, node });
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, index, [...path, i]));
    else if (isMap(node))
      for (const pair of node.items)
        walk(pair.value as Node | null, index, [...path, isScalar(pair.key) ? String(pair.key.value) : '?']);
  };
  servers.items.forEach((item, index) => walk(item, index, []));
  return found;
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

function splice(text: string, edits: Splice[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** A scalar's source without the line breaks a block scalar's range ends with. */
function sourceOf(raw: string, node: Scalar): { start: number; end: number; body: string } {
  const [start, valueEnd] = node.range!;
  const body = raw.slice(start, valueEnd).replace(/\s+$/, '');
  return { start, end: start + body.length, body };
}

const lineBreaks = (text: string) => text.split('\n').length - 1;

/**
 * The text with every literal secret masked. A multi-line secret (a PEM in a block scalar) keeps its lines
 * as blank ones, so a problem's line number means the same line in both texts.
 */
export function maskText(raw: string, document: Document): string {
  return splice(
    raw,
    secretScalars(document).map((secret) => {
      const { start, end, body } = sourceOf(raw, secret.node);
      return { start, end, text: JSON.stringify(maskSecret(secret.value)) + '\n'.repeat(lineBreaks(body)) };
    }),
  );
}

export interface RestoredSecret {
  index: number;
  path: SecretPath;
  literal: string;
}

export type RestoreResult =
  { ok: true; text: string; restored: RestoredSecret[] } | { ok: false; problems: ConfigProblem[] };

/**
 * Puts the literals from `current` (the file) back where `incoming` (an edited masked text) still holds
 * their masks: matched by server name and field, or, for a renamed entry, by the one secret with that
 * field and mask. `verbatim` copies the literal's source from the file (a save that changed nothing
 * writes the same bytes); otherwise it is written as a double-quoted scalar, which reads the same anywhere.
 */
/** A config problem for a mask that stands for nothing: the English and the code the console translates. */
const problemMessage = (): Pick<ConfigProblem, 'message' | 'uiMessage'> => {
  const uiMessage = unmatchedMask();
  return { message: uiMessage.text, uiMessage };
};

export function restoreMasked(current: string, incoming: string, verbatim = true): RestoreResult {
  if (!isMasked(incoming)) return { ok: true, text: incoming, restored: [] };
  const stored = secretScalars(parseDocument(current, { uniqueKeys: false }));
  const lineCounter = new LineCounter();
  // Any masked value in headers/env/auth: one under a name that is never masked (a renamed variable) finds no literal.
  const maskedHere = (_path: SecretPath, value: unknown) => typeof value === 'string' && isMasked(value);
  const document = parseDocument(incoming, { lineCounter, uniqueKeys: false });
  const masked = secretScalars(document, maskedHere);
  const problems: ConfigProblem[] = strayMasks(document).map(({ index, path, node }) => {
    const pos = lineCounter.linePos(node.range![0]);
    return {
      path: `agent.mcp.servers.${index}.${path.join('.')}`,
      ...problemMessage(),
      line: pos.line,
      column: pos.col,
    };
  });
  const edits: Splice[] = [];
  const restored: RestoredSecret[] = [];
  for (const secret of masked) {
    const sameField = stored.filter(
      (s) => s.path[0] === secret.path[0] && s.path[1] === secret.path[1] && maskSecret(s.value) === secret.value,
    );
    const bySameServer = sameField.filter((s) => s.server === secret.server);
    const candidates = bySameServer.length > 0 ? bySameServer : sameField;
    const literals = new Set(candidates.map((s) => s.value));
    if (literals.size !== 1) {
      const pos = lineCounter.linePos(secret.node.range![0]);
      problems.push({
        path: `agent.mcp.servers.${secret.index}.${secret.path.join('.')}`,
        ...problemMessage(),
        line: pos.line,
        column: pos.col,
      });
      continue;
    }
    const source = candidates[0];
    const at = sourceOf(incoming, secret.node);
    // The blank lines the mask kept for a multi-line secret go back to being its lines.
    const original = sourceOf(current, source.node).body;
    const padding = Math.min(lineBreaks(original), Math.max(0, /^\n*/.exec(incoming.slice(at.end))![0].length - 1));
    edits.push(
      verbatim
        ? { start: at.start, end: at.end + padding, text: original }
        : { start: at.start, end: at.end, text: JSON.stringify(source.value) },
    );
    restored.push({ index: secret.index, path: secret.path, literal: source.value });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, text: splice(incoming, edits), restored };
}
