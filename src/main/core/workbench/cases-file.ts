import { readFile } from 'node:fs/promises';
import { parseDocument, isMap, isSeq } from 'yaml';
import type { ConfigProblem } from '../../../shared/contract';
import { casesFileSchema, type CaseInput, type CasesFile } from '../../../shared/workbench/cases';
import { writeFileKeepingBackup } from '../config/atomic-write';
import { parseYamlText } from '../config/parse-config';
import { Conflict } from '../errors';
import { say } from '../../../shared/messages';

export const CASES_FILE_NAME = 'cases.yaml';

const HEADER = `# Switchboard test cases: \`switchboard test\` runs them, and every intent node's examples, with the configured model.
# Each case: name, customer (optional), messages, expect: { calls: [{tool, arguments (a subset)}], notCalled, answerContains }.
`;

export type LoadedCases = { file: CasesFile; problems: [] } | { file: null; problems: ConfigProblem[] };

/** A missing file is an empty one; a file that does not parse is reported, never rewritten. */
export async function loadCasesFile(path: string): Promise<LoadedCases> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: casesFileSchema.parse({}), problems: [] };
    const message = say('tests.casesUnreadable', { path, detail: (error as Error).message });
    return { file: null, problems: [{ path: '', message: message.text, uiMessage: message }] };
  }
  const parsed = parseYamlText(text, casesFileSchema);
  return parsed.ok ? { file: parsed.value, problems: [] } : { file: null, problems: parsed.problems };
}

/** Appends a case, keeping the file's comments and layout; refuses while the file has problems or the name is taken. */
export async function appendCase(path: string, added: CaseInput): Promise<void> {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const loaded = text ? parseYamlText(text, casesFileSchema) : { ok: true as const, value: casesFileSchema.parse({}) };
  if (!loaded.ok)
    throw new Conflict(say('tests.casesFileProblems', { path, problem: loaded.problems[0]?.message ?? 'unreadable' }));
  if (loaded.value.cases.some((c) => c.name === added.name))
    throw new Conflict(say('tests.caseNameTaken', { name: added.name, path }));
  const document = parseDocument(text || `${HEADER}cases: []\n`);
  const cases = document.get('cases', true);
  if (isSeq(cases)) {
    cases.flow = false;
    cases.add(document.createNode(added));
  } else if (!cases && (isMap(document.contents) || document.contents === null))
    document.set('cases', document.createNode([added]));
  else throw new Conflict(say('tests.casesNotAList', { path }));
  await writeFileKeepingBackup(path, document.toString({ lineWidth: 0 }));
}
