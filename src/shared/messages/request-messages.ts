/**
 * Why main settled a server's question (elicitation) or sampling request itself, as the console shows it next to
 * the exchange (the chat's tool card, the Record's Server activity). The exchange's stored `reason` is this English
 * (records.jsonl, the CLI, `--json`); what goes back to the SERVER (the McpError's message) is English and unchanged.
 * `{{server}}` and `{{fields}}` (the form's field names) are inserted verbatim.
 */
export const REQUEST_MESSAGES = {
  'request.settled.withdrawn': 'the server withdrew its request (or its connection closed)',
  'request.settled.callStopped': 'the call that asked was stopped',
  'request.settled.shuttingDown': 'Switchboard is shutting down',
  'request.settled.noAnswerWithin': 'no answer within {{seconds}} s',
  'request.settled.noDecisionWithin': 'no decision within {{seconds}} s',
  'request.settled.questionsDeclined': 'questions are declined without an operator',
  'request.settled.urlNeedsOperator': 'a URL is never opened without an operator',
  'request.settled.noDefault': 'no default for: {{fields}}',
  'request.settled.samplingDenied': 'sampling is denied without an operator',
  'request.settled.rateLimited': '{{server}} asked more than {{count}} times in a minute (samplingPerMinute)',
  'request.settled.operatorRejected': 'the operator rejected it',
  'request.settled.urlRefused': '{{server}} asked to open a URL Switchboard will not open: {{reason}}',
} as const;
