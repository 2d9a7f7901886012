/**
 * What main says about an approval it settled itself, a turn that ended in error, and a built-in tool (load_skill,
 * search_knowledge) that failed, as the console shows it: the Record detail's Approval section, the chat's turn
 * footer and the tool card. The stored English (`reason`, `turn.error`, the tool's text the MODEL reads) is
 * unchanged; these codes travel next to it. `{{detail}}` (a provider's or a file system's words), `{{code}}`,
 * `{{name}}` and `{{available}}` (skill names), `{{server}}`, `{{approve}}` and `{{policy}}` (a command-line value) are inserted
 * verbatim; `{{decidedBy}}` and `{{reason}}` are messages, translated too.
 */
export const AGENT_MESSAGES = {
  // an approval main settled (src/main/core/agent/approvals.ts, conversation-store.ts)
  'approval.expiredOnRestart': 'Switchboard restarted while this approval was pending',
  'approval.turnStopped': 'the turn was stopped',
  'approval.shuttingDown': 'Switchboard is shutting down',
  'approval.noDecisionWithin': 'no decision within {{seconds}} s',
  'approval.rejectedAutomatically': 'rejected automatically: {{decidedBy}} approves no writes',
  // who decided when no operator did (`decidedBy`; the stored value stays this English): a run's automatic
  // approver (src/main/core/workbench, cli/test-command.ts) or a CLI policy for servers' requests (--elicit, --sampling)
  'decider.consoleTestAll': 'test run from the console (approve all)',
  'decider.consoleTestNone': 'test run from the console (approve none)',
  'decider.cliTest': 'switchboard test --approve {{approve}}',
  'decider.replay': 'replay (read-only calls only)',
  'decider.preview': 'preview',
  'decider.elicitPolicy': 'policy (--elicit {{policy}})',
  'decider.samplingDenied': 'policy (--sampling deny)',
  // why a turn ended in error (src/main/core/agent/turn-runner.ts, conversation-store.ts)
  'turn.interrupted': 'interrupted: Switchboard stopped during this turn',
  'turn.modelError': 'model error ({{code}}): {{detail}}',
  'turn.modelErrorUncoded': 'model error: {{detail}}',
  'turn.logNotWritten': 'the conversation log could not be written: {{detail}}',
  'turn.failed': 'the turn failed: {{detail}}',
  // the built-in tools (src/main/core/agent/local-tools.ts, knowledge/search-knowledge-tool.ts)
  'localTool.noSuchSkill': 'No skill named "{{name}}". Available: {{available}}.',
  'localTool.noSkills': 'No skill named "{{name}}". Available: none.',
  'localTool.serverSkillWithheld': 'Skill "{{name}}" from server {{server}} cannot be loaded: {{reason}}.',
  'localTool.searchFailed': 'search_knowledge failed: {{detail}}',
  'localTool.searchNeedsQuery': 'search_knowledge needs a non-empty "query" string',
} as const;
