import type { CaseResult, ConfigProblem, RouteOutput } from '../../../shared/contract';
import type { TestCase } from '../../../shared/workbench/cases';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import type { AgentRuntime } from '../agent/runtime';
import type { OperatorRunRequest } from '../workbench/operator-runs';
import { autoApprover, type Workbench } from '../workbench';

/** How a test run answers the writes its cases ask for: approve them all, or refuse them all (the default). */
export type ApproveMode = 'all' | 'none';

/** A run whose writes wait for the operator (`ask`: pending approvals, answered through the approvals service). */
export type CaseApproveMode = ApproveMode | 'ask';

/** The workbench as the console and the CLI use it: runs by hand, test cases, replays and previews. */
export class WorkbenchService {
  constructor(
    private readonly workbench: Workbench,
    private readonly conversations: AgentRuntime['agent'],
    /** The operator's pending approvals: what an `ask` run waits on. */
    private readonly approvals: AgentRuntime['approvals'],
  ) {}

  /** A tool's definition as the operator's run form shows it. */
  definition(toolId: string, server: string): RouteOutput<'tools.definition'> {
    return this.workbench.operator.definition(toolId, server);
  }

  /** Runs a tool by hand, through the same gates as the model's calls (a write asks the operator first; `signal` stops it). */
  call(request: OperatorRunRequest): Promise<RouteOutput<'tools.call'>> {
    return this.workbench.operator.call(request);
  }

  listTests(): Promise<RouteOutput<'tests.list'>> {
    return this.workbench.tests.list();
  }

  testResult(id: string): Promise<RouteOutput<'tests.result'>> {
    return this.workbench.tests.result(id);
  }

  /** Every case (cases.yaml, then the intent nodes' examples) and the cases file's problems; a file with problems gives none. */
  async cases(): Promise<{ cases: TestCase[]; problems: ConfigProblem[]; casesPath: string }> {
    return { ...(await this.workbench.tests.cases()), casesPath: this.workbench.tests.casesPath };
  }

  /**
   * Runs the cases (all when `ids` is absent) and keeps their results. `all`/`none` answer every write the same way,
   * named by `decider`; `ask` opens each as a pending approval for the operator (the CLI's terminal answers it).
   */
  runCases(
    ids: readonly string[] | undefined,
    options: { approve: CaseApproveMode; decider: UiMessage; onResult?: (result: CaseResult) => void },
  ): Promise<CaseResult[]> {
    const { approve, decider, onResult } = options;
    const approvals = approve === 'ask' ? this.approvals : autoApprover(approve, decider);
    return this.workbench.tests.run(ids, { approvals, onResult });
  }

  /** Runs the cases (all when `ids` is absent); nobody is asked: `approve` answers every write the same way. */
  async runTests(ids: readonly string[] | undefined, approve: ApproveMode): Promise<RouteOutput<'tests.run'>> {
    const decider = say(approve === 'all' ? 'decider.consoleTestAll' : 'decider.consoleTestNone');
    const results = await this.runCases(ids, { approve, decider });
    const summaries = results.map(({ id, passed, ranAt, durationMs, failed }) => ({
      id,
      passed,
      ranAt,
      durationMs,
      failed,
    }));
    const passed = results.filter((r) => r.passed).length;
    return { results: summaries, passed, failed: results.length - passed };
  }

  /** A saved conversation becomes a test case whose calls are the expectations. */
  saveConversationAsTest(conversationId: string, name?: string): Promise<RouteOutput<'tests.saveConversation'>> {
    return this.workbench.tests.saveConversation(this.conversations.get(conversationId), name);
  }

  replay(conversationId: string): Promise<RouteOutput<'replay.run'>> {
    return this.workbench.replay(conversationId);
  }

  /** A draft intent tree against today's servers, beside the saved one; nothing is saved. */
  preview(intents: unknown[]): Promise<RouteOutput<'preview.run'>> {
    return this.workbench.preview(intents);
  }
}
