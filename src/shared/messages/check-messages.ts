/**
 * What main's checks say about something the operator made: a test case's expectations and their results
 * (src/shared/workbench/evaluate.ts, the Tests page), an answer to a server's form question
 * (src/shared/elicitation/fields.ts, under the form in chat), and a masked secret sent back where it stands for
 * nothing (src/shared/config/secrets.ts, Settings and Servers). Tool ids, arguments, labels, answers and paths are
 * inserted verbatim.
 */
export const CHECK_MESSAGES = {
  // a test case's expectations
  'tests.expect.everyTurnCompletes': 'every turn completes',
  'tests.expect.calls': 'calls {{tool}}',
  'tests.expect.callsWith': 'calls {{tool}} {{arguments}}',
  'tests.expect.notCalls': 'does not call {{tool}}',
  'tests.expect.answerContains': 'answer contains "{{text}}"',
  'tests.expect.caseRuns': 'the case runs',
  // what a run did, against an expectation
  'tests.detail.turnUnfinished': 'turn {{turn}}: {{status}}',
  'tests.detail.turnUnfinishedWith': 'turn {{turn}}: {{status}} ({{error}})',
  'tests.detail.callOf': 'call {{index}} of {{total}}',
  'tests.detail.calledWith': '{{tool}} was called with {{arguments}}',
  'tests.detail.calledWithEarlier': '{{tool}} was called with {{arguments}} (before the call expected ahead of it)',
  'tests.detail.otherCalls': 'not called; the calls were {{calls}}',
  'tests.detail.noCalls': 'not called; the model made no tool call',
  'tests.detail.notCalled': 'not called',
  'tests.detail.calledOnce': 'called 1 time',
  'tests.detail.calledTimes': 'called {{count}} times',
  'tests.detail.found': 'found',
  'tests.detail.answerWas': 'the answer was: {{answer}}',
  'tests.detail.answerEmpty': 'the answer was: (empty)',
  // cases.yaml
  'tests.casesUnreadable': 'cannot read {{path}}: {{detail}}',
  'tests.caseNeedsMessage': 'a case needs at least one message',
  'tests.duplicateCaseName': 'duplicate case name "{{name}}"',
  // an answer to a server's form question
  'form.notAsked': 'the form does not ask for this field',
  'form.required': '{{label}} is required',
  'form.notBoolean': '{{label}} must be true or false',
  'form.notNumber': '{{label}} must be a number',
  'form.notInteger': '{{label}} must be a whole number',
  'form.belowMinimum': '{{label}} must be at least {{minimum}}',
  'form.aboveMaximum': '{{label}} must be at most {{maximum}}',
  'form.notChoice': '{{label}} must be one of the listed choices',
  'form.notChoices': '{{label}} must be a selection of the listed choices',
  'form.choiceTwice': '{{label}} lists a choice twice',
  'form.tooFewChoices': 'choose at least {{minItems}} for {{label}}',
  'form.tooManyChoices': 'choose at most {{maxItems}} for {{label}}',
  'form.notText': '{{label}} must be text',
  'form.tooShort': '{{label}} needs at least {{minLength}} characters',
  'form.tooLong': '{{label}} allows at most {{maxLength}} characters',
  'form.notEmail': '{{label}} must be an email address',
  'form.notUri': '{{label}} must be a URI (e.g. https://…)',
  'form.notDate': '{{label}} must be a date (YYYY-MM-DD)',
  'form.notDateTime': '{{label}} must be a date and time (YYYY-MM-DDTHH:MM…)',
  'request.answerProblems': 'the answer has {{count}} problem(s)',
  // a masked secret sent back
  'secrets.unmatchedMask':
    'a masked value ({{mask}}) that matches no stored secret: type the whole value, or use ${env:NAME}',
  'secrets.unmatchedMaskIn':
    '{{field}}: a masked value ({{mask}}) that matches no stored secret: type the whole value, or use ${env:NAME}',
  'secrets.unmatchedMasks': '{{count}} masked value(s) match no stored secret',
} as const;
