import { describe, expect, it } from 'vitest';
import { cancelOrderApproval } from '../../../../tests/support/agent/pending-approval';
import type { Skill } from '../../../shared/config/schema';
import { EventBus } from '../events';
import type { KnowledgeBase } from '../knowledge/knowledge-base';
import { ApprovalService } from './approvals';
import { failureMessage } from './call-failure';
import type { LiveConversation } from './conversation';
import { createLocalToolRunner } from './local-tools';
import { refusalMessage } from './refusal';
import { turnFailureMessage } from './agent-service';
import { ConversationLogError } from './conversation';
import { autoApprover } from '../workbench';
import { Conflict } from '../errors';
import { say } from '../../../shared/messages';

describe('what main settles and composes travels as a code next to the same English (issue 20)', () => {
  it('a Stop and a shutdown settle an approval with main’s reason as text and code; the operator’s note stays text', async () => {
    const service = new ApprovalService(new EventBus(), () => 60_000);
    const stop = new AbortController();
    const stopped = service.request(cancelOrderApproval, stop.signal);
    stop.abort();
    expect(await stopped).toMatchObject({
      decision: 'cancelled',
      decidedBy: 'system',
      reason: 'the turn was stopped',
      reasonMessage: { code: 'approval.turnStopped', text: 'the turn was stopped' },
    });

    const closing = service.request(cancelOrderApproval, new AbortController().signal);
    service.close();
    expect(await closing).toMatchObject({
      reason: 'Switchboard is shutting down',
      reasonMessage: { code: 'approval.shuttingDown' },
    });

    let id = '';
    const rejected = service.request(cancelOrderApproval, new AbortController().signal, (request) => (id = request.id));
    service.resolve(id, 'reject', 'wrong order');
    const outcome = await rejected;
    expect(outcome.reason).toBe('wrong order');
    expect(outcome.reasonMessage).toBeUndefined();
  });

  it('load_skill and search_knowledge errors: the model’s English unchanged, the code and verbatim params beside it', async () => {
    const conversation = { loadedSkills: [] } as unknown as LiveConversation;
    const skills = [{ name: 'orders' }, { name: 'shop-policy' }] as unknown as Skill[];
    const failing = createLocalToolRunner({
      skills: () => skills,
      knowledge: () => Promise.reject(new Error('index.json: EACCES')),
    });
    expect(await failing.run('load_skill', { name: 'refunds' }, conversation)).toEqual({
      text: 'No skill named "refunds". Available: orders, shop-policy.',
      isError: true,
      message: {
        code: 'localTool.noSuchSkill',
        params: { name: 'refunds', available: 'orders, shop-policy' },
        text: 'No skill named "refunds". Available: orders, shop-policy.',
      },
    });
    const none = createLocalToolRunner({ skills: () => [], knowledge: () => Promise.reject(new Error('x')) });
    expect((await none.run('load_skill', { name: 'x' }, conversation))?.text).toBe(
      'No skill named "x". Available: none.',
    );
    expect(await failing.run('search_knowledge', { query: 'refund' }, conversation)).toMatchObject({
      text: 'search_knowledge failed: Error: index.json: EACCES',
      message: { code: 'localTool.searchFailed', params: { detail: 'Error: index.json: EACCES' } },
    });

    const kb = { search: () => [] } as unknown as KnowledgeBase;
    const thrown = await createLocalToolRunner({ skills: () => [], knowledge: () => Promise.resolve(kb) })
      .run('search_knowledge', { query: ' ' }, conversation)!
      .catch((error: unknown) => error);
    expect((thrown as Error).message).toBe('search_knowledge needs a non-empty "query" string');
    expect(failureMessage(thrown)).toMatchObject({ code: 'localTool.searchNeedsQuery' });
  });

  it('a run’s automatic approver names itself and its rejection as codes; the stored English unchanged', async () => {
    const preview = await autoApprover('none', say('decider.preview')).request(
      { ...cancelOrderApproval, argumentsHash: 'h' } as never,
      new AbortController().signal,
    );
    expect(preview).toMatchObject({
      decision: 'reject',
      decidedBy: 'preview',
      decidedByMessage: { code: 'decider.preview', text: 'preview' },
      reason: 'rejected automatically: preview approves no writes',
      reasonMessage: { code: 'approval.rejectedAutomatically', params: { decidedBy: { code: 'decider.preview' } } },
    });
    // The nested decider travels as a code only: its English is in the outer text.
    expect(preview.reasonMessage?.params?.decidedBy).toEqual({ code: 'decider.preview' });
    // The tool card says it was rejected automatically, not by an operator.
    expect(refusalMessage(preview)).toMatchObject({
      code: 'call.rejectedAutomatically',
      text: 'Not run: rejected automatically: preview approves no writes; nothing changed.',
    });
    expect(refusalMessage({ decision: 'reject', reason: 'wrong order' })).toMatchObject({
      code: 'call.rejectedWithNote',
    });

    const test = await autoApprover('all', say('decider.consoleTestAll')).request(
      { ...cancelOrderApproval, argumentsHash: 'h' } as never,
      new AbortController().signal,
    );
    expect(test).toMatchObject({
      decision: 'approve',
      decidedBy: 'test run from the console (approve all)',
      decidedByMessage: { code: 'decider.consoleTestAll' },
    });
    expect(test.reason).toBeUndefined();
  });

  it('a turn that fails outside the turn runner: a known error keeps its code, anything else a generic one with its words', () => {
    expect(turnFailureMessage(new ConversationLogError('EIO'))).toMatchObject({
      code: 'turn.logNotWritten',
      params: { detail: 'EIO' },
    });
    expect(turnFailureMessage(new Conflict(say('agent.turnRunning')))).toMatchObject({ code: 'agent.turnRunning' });
    expect(turnFailureMessage(new Error('disk on fire'))).toEqual({
      code: 'turn.failed',
      params: { detail: 'disk on fire' },
      text: 'the turn failed: disk on fire',
    });
    expect(turnFailureMessage('a string')).toMatchObject({ code: 'turn.failed', params: { detail: 'a string' } });
  });
});
