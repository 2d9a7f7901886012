import { withActingIdentity } from '../stores/legacy-identity';
import { randomUUID } from 'node:crypto';
import { errorWords } from '../../../shared/i18n-message';
import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import type {
  CaseResult,
  CaseResultSummary,
  ChatItem,
  ConfigProblem,
  Conversation,
  TestCaseView,
} from '../../../shared/contract';
import type { IntentNode } from '../../../shared/config/schema';
import { exampleCases, fileCases, type CaseInput, type TestCase } from '../../../shared/workbench/cases';
import { evaluateCase, expectationResult } from '../../../shared/workbench/evaluate';
import type { Approver } from '../agent/tool-proxy';
import type { TurnRunnerDeps } from '../agent/turn-runner';
import type { EventSink } from '../events';
import { PRIVATE_FILE } from '../private-files';
import { Invalid, NotFound } from '../errors';
import { appendCase, loadCasesFile } from './cases-file';
import { clippedTranscript, observe, runScenario, type ScenarioDeps } from './scenario';
import { say } from '../../../shared/messages';

export interface CaseRunOptions {
  approvals: Approver;
  /** Preview: the draft's catalog instead of today's. */
  catalog?: TurnRunnerDeps['catalog'];
  skipWrites?: boolean;
  /** After each case (progress for a terminal or the console). */
  onResult?: (result: CaseResult) => void;
}

/**
 * Test cases: cases.yaml plus every intent node's examples, run with the configured model against today's
 * catalog (or a draft's). Each case's last result, with its transcript, is kept in test-results.json.
 */
export class TestService {
  private results: Map<string, CaseResult> | undefined;

  constructor(
    private readonly deps: {
      scenario: ScenarioDeps;
      intents: () => readonly IntentNode[];
      casesPath: string;
      resultsPath: string;
      events: EventSink;
      /** Who a case acts as when neither it nor the file's defaults name anyone. */
      defaultActingIdentity: () => string | undefined;
    },
  ) {}

  get casesPath(): string {
    return this.deps.casesPath;
  }

  /** Every case: the file's first, then the examples in tree order. A file with problems contributes none. */
  async cases(
    intents: readonly IntentNode[] = this.deps.intents(),
  ): Promise<{ cases: TestCase[]; problems: ConfigProblem[] }> {
    const loaded = await loadCasesFile(this.deps.casesPath);
    const fallback = this.deps.defaultActingIdentity() ?? '';
    const examplesAs = loaded.file?.defaults.customer ?? fallback;
    return {
      cases: [...(loaded.file ? fileCases(loaded.file, fallback) : []), ...exampleCases(intents, examplesAs)],
      problems: loaded.problems,
    };
  }

  /** The intent tree's example cases, acting as the application's default identity (a draft's preview). */
  examples(intents: readonly IntentNode[]): TestCase[] {
    return exampleCases(intents, this.deps.defaultActingIdentity() ?? '');
  }

  async list(): Promise<{
    casesPath: string;
    problems: ConfigProblem[];
    cases: (TestCaseView & { last: CaseResultSummary | null })[];
  }> {
    const { cases, problems } = await this.cases();
    const results = await this.loadResults();
    return {
      casesPath: this.deps.casesPath,
      problems,
      cases: cases.map((c) => ({ ...c, last: summaryOf(results.get(c.id)) })),
    };
  }

  async result(id: string): Promise<CaseResult> {
    const result = (await this.loadResults()).get(id);
    if (!result) throw new NotFound(say('tests.notRun', { id }));
    return result;
  }

  /** Runs the cases (all, or those with these ids) one after another and keeps their results. */
  async run(ids: readonly string[] | undefined, options: CaseRunOptions): Promise<CaseResult[]> {
    const { cases } = await this.cases();
    const chosen = ids ? cases.filter((c) => ids.includes(c.id)) : cases;
    const missing = ids?.filter((id) => !cases.some((c) => c.id === id)) ?? [];
    if (missing.length) throw new NotFound(say('tests.noCase', { ids: missing.map((id) => `"${id}"`).join(', ') }));
    const results = await this.runCases(chosen, options);
    await this.keep(results);
    return results;
  }

  /** Runs cases without keeping their results (preview). */
  async runCases(cases: readonly TestCase[], options: CaseRunOptions): Promise<CaseResult[]> {
    const results: CaseResult[] = [];
    for (const testCase of cases) {
      const result = await this.runCase(testCase, options);
      options.onResult?.(result);
      results.push(result);
    }
    return results;
  }

  /** A conversation from the chat becomes a case: its messages, and its calls (with their arguments) as the expectations. */
  async saveConversation(
    conversation: Conversation,
    name?: string,
  ): Promise<{ id: string; name: string; casesPath: string }> {
    const messages = conversation.items.flatMap((item) => (item.kind === 'user' ? [item.text] : []));
    if (messages.length === 0) throw new NotFound(say('tests.nothingToReplay', { id: conversation.id }));
    const calls = conversation.items.flatMap((item) =>
      item.kind === 'tool'
        ? [
            {
              tool: item.toolName,
              ...(isRecord(item.arguments) && Object.keys(item.arguments).length ? { arguments: item.arguments } : {}),
            },
          ]
        : [],
    );
    const caseName = (name ?? conversation.title).trim() || conversation.id;
    const added: CaseInput = {
      name: caseName,
      customer: conversation.actingIdentity,
      messages,
      expect: { calls, notCalled: [] },
    };
    await appendCase(this.deps.casesPath, added);
    const id = `case:${caseName}`;
    this.deps.events.emit('tests.changed', { ids: [id] });
    return { id, name: caseName, casesPath: this.deps.casesPath };
  }

  private async runCase(testCase: TestCase, options: CaseRunOptions): Promise<CaseResult> {
    const started = Date.now();
    const ranAt = new Date(started).toISOString();
    try {
      if (!testCase.actingIdentity) throw new Invalid(say('tests.noActingIdentity'));
      const run = await runScenario(this.deps.scenario, {
        id: `test_${randomUUID().slice(0, 12)}`,
        title: testCase.name,
        actingIdentity: testCase.actingIdentity,
        messages: testCase.messages,
        actor: 'test',
        approvals: options.approvals,
        skipWrites: options.skipWrites,
        catalog: options.catalog,
      });
      const expectations = evaluateCase(testCase.expect, observe(run));
      const failures = expectations.filter((e) => !e.passed);
      return {
        id: testCase.id,
        name: testCase.name,
        actingIdentity: testCase.actingIdentity,
        passed: failures.length === 0,
        ranAt,
        durationMs: Date.now() - started,
        failed: failedLines(failures),
        failures,
        expectations,
        transcript: clippedTranscript(run.conversation.items),
        modelLabel: run.modelLabel,
      };
    } catch (error) {
      // The model could not be built (a missing key), say: the case fails with why, the others still run.
      const detail = errorWords(error);
      const expectations = [expectationResult(say('tests.expect.caseRuns'), false, detail)];
      return {
        id: testCase.id,
        name: testCase.name,
        actingIdentity: testCase.actingIdentity,
        passed: false,
        ranAt,
        durationMs: Date.now() - started,
        failed: failedLines(expectations),
        failures: expectations,
        expectations,
        transcript: [] as ChatItem[],
        modelLabel: '',
      };
    }
  }

  private async loadResults(): Promise<Map<string, CaseResult>> {
    if (this.results) return this.results;
    let kept: Record<string, CaseResult> = {};
    try {
      kept = JSON.parse(await readFile(this.deps.resultsPath, 'utf8')) as Record<string, CaseResult>;
    } catch {
      // None yet, or unreadable: last results are a convenience, rebuilt by the next run.
    }
    this.results ??= new Map(Object.entries(kept).map(([id, result]) => [id, withActingIdentity(result)]));
    return this.results;
  }

  private async keep(results: readonly CaseResult[]): Promise<void> {
    const all = await this.loadResults();
    for (const result of results) all.set(result.id, result);
    // Owner-only, like records and conversations: each result keeps its transcript (customers' addresses, phones).
    await writeFileAtomic(this.deps.resultsPath, JSON.stringify(Object.fromEntries(all)), {
      encoding: 'utf8',
      mode: PRIVATE_FILE,
    });
    this.deps.events.emit('tests.changed', { ids: results.map((r) => r.id) });
  }
}

function summaryOf(result: CaseResult | undefined): CaseResultSummary | null {
  return result
    ? {
        id: result.id,
        passed: result.passed,
        ranAt: result.ranAt,
        durationMs: result.durationMs,
        failed: result.failed,
        ...(result.failures ? { failures: result.failures } : {}),
      }
    : null;
}

/** The failures in English, one line each (the CLI, JUnit, and the console for results kept before codes). */
const failedLines = (failures: readonly { expectation: string; detail: string }[]): string[] =>
  failures.map((e) => `${e.expectation}: ${e.detail}`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
