import type { ParsedInput, RouteOutput } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import type { AgentRuntime } from '../agent/runtime';
import { autoApprover, type Workbench } from '../workbench';

/** How a test run answers the writes its cases ask for: approve them all, or refuse them all (the default). */
export type ApproveMode = 'all' | 'none';

/** The workbench as the console and the CLI use it: runs by hand, test cases, replays and previews. */
export class WorkbenchService {
  constructor(
    private readonly workbench: Workbench,
    private readonly conversations: AgentRuntime['agent'],
  ) {}

  /** A tool's definition as the operator's run form shows it. */
  definition(toolId: string, server: string): RouteOutput<'tools.definition'> {
    return this.workbench.operator.definition(toolId, server);
  }

  /** Runs a tool by hand, through the same gates as the model's calls (a write asks the operator first). */
  call(request: ParsedInput<'tools.call'>): Promise<RouteOutput<'tools.call'>> {
    return this.workbench.operator.call(request);
  }

  listTests(): Promise<RouteOutput<'tests.list'>> {
    return this.workbench.tests.list();
  }

  testResult(id: string): Promise<RouteOutput<'tests.result'>> {
    return this.workbench.tests.result(id);
  }

  /** Runs the cases (all when `ids` is absent); nobody is asked: `approve` answers every write the same way. */
  async runTests(ids: readonly string[] | undefined, approve: ApproveMode): Promise<RouteOutput<'tests.run'>> {
    const decider = say(approve === 'all' ? 'decider.consoleTestAll' : 'decider.consoleTestNone');
    const results = await this.workbench.tests.run(ids, { approvals: autoApprover(approve, decider) });
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
