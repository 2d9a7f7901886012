import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The renderer never loads zod, neither by importing it nor by importing a project module that does, however deep
 * (docs/ARCHITECTURE.md, "zod stays out of the renderer"). `no-restricted-imports` sees one file; this rule follows
 * the value imports of every project module a renderer file imports, so `shared/config/schema.ts` or a message module
 * that builds a schema at load is caught too. Type-only imports are erased, so they pass. npm packages other than zod
 * are not followed: what they bring is held by the build test (scripts/quiet-build.test.ts).
 */
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', '.js', '.mjs'];
const isZod = (specifier) => specifier === 'zod' || specifier.startsWith('zod/');

function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return undefined;
}

/** The module specifiers a file imports or re-exports as values (type-only ones are erased). */
function valueImportsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typeOnly =
        statement.isTypeOnly ||
        (statement.exportClause !== undefined &&
          ts.isNamedExports(statement.exportClause) &&
          statement.exportClause.elements.length > 0 &&
          statement.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** file -> { mtimeMs, chain }: the chain of files from it to zod (ending in 'zod'), or null when it reaches none. */
const reachCache = new Map();

function zodChain(file, visiting = new Set()) {
  const mtimeMs = statSync(file).mtimeMs;
  const cached = reachCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.chain;
  if (visiting.has(file)) return null; // a cycle: whatever it reaches is found from where it started
  visiting.add(file);
  let chain = null;
  for (const specifier of valueImportsOf(file)) {
    if (isZod(specifier)) {
      chain = ['zod'];
      break;
    }
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    const below = target && zodChain(target, visiting);
    if (below) {
      chain = [target, ...below];
      break;
    }
  }
  visiting.delete(file);
  reachCache.set(file, { mtimeMs, chain });
  return chain;
}

export const noZodInRenderer = {
  meta: {
    type: 'problem',
    docs: { description: 'the renderer never imports zod, nor a module that reaches it' },
    schema: [],
    messages: {
      zod: 'the renderer never loads zod (docs/ARCHITECTURE.md, "zod stays out of the renderer"): {{via}}. Check input with the pure rules in shared/config/rules.ts; take contract shapes with `import type`.',
    },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const check = (node, specifier) => {
      if (isZod(specifier)) {
        context.report({ node, messageId: 'zod', data: { via: `this file imports ${specifier}` } });
        return;
      }
      if (!specifier.startsWith('.')) return;
      const target = resolveRelative(file, specifier);
      const chain = target && zodChain(target);
      if (chain)
        context.report({
          node,
          messageId: 'zod',
          data: {
            via: `${[target, ...chain]
              .map((step) => (step === 'zod' ? step : relative(root, step)))
              .join(' imports ')}`,
          },
        });
    };
    const allTypes = (specifiers) =>
      specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || allTypes(node.specifiers)) return;
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (!node.source || node.exportKind === 'type' || allTypes(node.specifiers)) return;
        check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind === 'type') return;
        check(node, node.source.value);
      },
    };
  },
};

export default { rules: { 'no-zod-in-renderer': noZodInRenderer } };
