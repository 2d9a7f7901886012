import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { splitMarkdown, type Passage } from './split-markdown';
import { tokenize } from './tokenize';

export interface KnowledgeDoc {
  source: string;
  text: string;
}

export interface KnowledgeResult {
  source: string;
  heading: string;
  passage: string;
  score: number;
}

export interface KnowledgeBase {
  search(query: string, limit?: number): KnowledgeResult[];
  readonly passageCount: number;
}

type IndexedPassage = Passage & { id: number };

const isLatin = (term: string) => /^[a-z0-9]+$/.test(term);

/** In-memory BM25 search over markdown passages (MiniSearch), tuned for Chinese + English. */
export function createKnowledgeBase(docs: KnowledgeDoc[]): KnowledgeBase {
  const passages: IndexedPassage[] = docs
    .flatMap((doc) => splitMarkdown(doc.source, doc.text))
    .map((passage, id) => ({ ...passage, id }));
  const index = new MiniSearch<IndexedPassage>({
    fields: ['title', 'heading', 'text'],
    storeFields: ['source', 'heading', 'text'],
    tokenize,
    processTerm: (term) => term, // tokenize already normalizes; the default would lowercase again
    searchOptions: {
      boost: { heading: 2, title: 0.5 },
      combineWith: 'OR',
      // Prefix/fuzzy only help alphabetic words ("refunds", "warrenty"); on Chinese bigrams they add noise.
      prefix: (term) => isLatin(term) && term.length >= 4,
      fuzzy: (term) => (isLatin(term) && term.length >= 5 ? 0.2 : false),
    },
  });
  index.addAll(passages);

  return {
    passageCount: passages.length,
    search(query: string, limit = 3): KnowledgeResult[] {
      if (!query.trim() || limit <= 0) return [];
      return index
        .search(query)
        .slice(0, limit)
        .map((hit) => ({
          source: hit.source as string,
          heading: hit.heading as string,
          passage: hit.text as string,
          score: hit.score,
        }));
    },
  };
}

/** Loads every *.md file in `dir` (sorted, so ranking ties are stable); source is the file name. */
export async function loadKnowledgeBase(dir: string): Promise<KnowledgeBase> {
  const names = (await readKnowledgeDir(dir)).filter((name) => name.toLowerCase().endsWith('.md')).sort();
  const docs = await Promise.all(
    names.map(async (name) => ({ source: name, text: await readFile(join(dir, name), 'utf8') })),
  );
  return createKnowledgeBase(docs);
}

/**
 * The knowledge folder's entries, or a clear error: a packaged app that lost its `knowledge` resources says so
 * (at start, and in the tool's answer) instead of a bare ENOENT.
 */
export async function readKnowledgeDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new Error(
        `the knowledge folder is missing (${dir}); the installation is incomplete: reinstall Switchboard`,
        { cause: error },
      );
    throw error;
  }
}

/** The exact JSON the search_knowledge tool returns to the model (scores stay internal). */
export function formatKnowledgeResult(results: KnowledgeResult[]): string {
  return JSON.stringify({ results: results.map(({ source, heading, passage }) => ({ source, heading, passage })) });
}
