/**
 * Refusals main sends as RPC errors (errors travel as data): the English template of each code. The renderer
 * translates the code (locales/<lang>/messages.json) and inserts the params verbatim: they are names, ids and
 * server-provided text, never translated.
 */
export const ERROR_MESSAGES = {
  // the router
  'rpc.unknownRoute': 'unknown route {{route}}',
  'rpc.notJson': '{{route}}: input is not JSON-serialisable',
  'rpc.payloadTooLarge': '{{route}}: input is {{size}} bytes, the limit is {{limit}}',
  'rpc.tooDeep': '{{route}}: input nests deeper than {{limit}} levels',
  'rpc.invalidInput': '{{route}}: the input has {{count}} problem(s)',
  'rpc.internal': 'internal error: {{detail}}',
  // servers
  'server.notConfigured': 'no MCP server named "{{name}}" is configured',
  'server.launchWaits': 'waiting for your confirmation to launch: {{commandLine}}',
  'server.launchNotWaiting': '"{{name}}" is not waiting for a launch confirmation',
  'server.launchChanged':
    'the command line of "{{name}}" changed since it was shown (now: {{commandLine}}); confirm the new one',
  'server.nameTaken': 'a server named "{{name}}" already exists',
  'server.disabled': 'server "{{name}}" is disabled; enable it first',
  'server.notOAuth':
    '"{{name}}" does not sign in with OAuth (only remote servers without a static Authorization header do)',
  'server.logsNotConnected': '{{server}} is not connected; its log level can be set once it is',
  'server.noLogging': '{{server}} does not offer logging (no "logging" capability), so it takes no log level',
  'server.subscribeNotConnected': '{{server}} is not connected; its resources can be subscribed to once it is',
  'server.noSubscriptions': '{{server}} does not offer resource subscriptions',
  'server.noCompletions': '{{server}} does not offer completions',
  'server.notConnectedState': '{{server}} is not connected ({{state}})',
  'server.noFeature': '{{server}} does not offer {{feature}}',
  // settings and keys
  'settings.keysNotStorable': 'this console cannot store keys; set {{envVar}} in the environment before starting it',
  'secrets.cannotStore': 'this console cannot store keys: set the environment variable instead',
  'secrets.storedNoKeyring': 'a key is stored, but this system offers no keyring to open it; enter it again',
  'secrets.storedUndecryptable': 'the stored key could not be decrypted ({{detail}}); enter it again',
  'secrets.noKeyring':
    'this system offers no keyring: storing the key needs your consent to plain-text storage (or set the environment variable instead)',
  'preferences.unreadable': '{{path}} could not be read ({{problem}}); fix or remove it to save preferences',
  'preferences.notJson': 'not JSON: {{detail}}',
  'preferences.fieldProblem': '{{path}}: {{problem}}',
  'preferences.fileProblem': '(file): {{problem}}',
  'preferences.problems': '{{first}}; {{rest}}',
  // config
  'config.staleRevision': 'the config changed since you loaded it (revision {{base}}, now {{now}}); reload and retry',
  'config.changedOnDisk':
    'switchboard.yaml changed on disk since you loaded it (now revision {{now}}); nothing was written. Reload and retry.',
  'config.goneFromDisk':
    'switchboard.yaml is gone from disk; nothing was written. Restore it, or save the whole config from the editor.',
  'config.changedOnDiskUnparsable':
    'switchboard.yaml changed on disk and has {{count}} problem(s); nothing was written. Fix the file, then retry.',
  'config.fileHasProblems': 'the config file has {{count}} problem(s); fix it first',
  'config.refused': 'the config has {{count}} problem(s); nothing was written',
  // agent and approvals
  'agent.turnRunning': 'a turn is already running in this conversation; wait for it or press Stop',
  'agent.conversationNotFound': 'no conversation {{id}}',
  'agent.recordNotFound': 'no record {{id}}',
  'approval.rejectNeedsReason': 'a rejection needs a reason: it is sent back to the model',
  'approval.notPending': 'approval {{id}} is no longer pending (decided, timed out or stopped)',
  'approval.confirmAlways':
    '{{tool}} is set to confirm: always, so every call is asked; approve this one call, or reject it',
  // server requests (elicitation, sampling)
  'request.generating': 'the model is already answering this request',
  'request.noModel': 'no model can answer: {{detail}}',
  'request.modelFailed': 'the model failed: {{detail}}',
  'request.noAnswer': 'there is no answer to send yet: approve the request first',
  'request.notPending': 'request {{id}} is no longer pending (answered, timed out or withdrawn)',
  'request.isQuestion': 'request {{id}} is a question',
  'request.notUrl': 'request {{id}} does not ask to open a URL',
  'request.isSampling': 'request {{id}} is a sampling request',
  // the catalog's pins
  'toolView.noRowWithoutServer': 'no catalog row for {{toolId}} without a server',
  'toolView.noTool': '{{server}} offers no tool {{toolId}} (catalog revision {{revision}})',
  'pin.noChange': '{{toolId}} on {{server}} matches its pin: there is no change to reject',
  'pin.othersChanged':
    '{{fields}} of {{toolId}} on {{server}} changed too: review the whole change (catalog.acceptChange)',
  'pin.serverNotConnected': 'server {{server}} is {{status}}: its current definition of {{toolId}} is unknown',
  'pin.notOffered': 'server {{server}} does not offer "{{toolId}}"',
  'pin.changedAgain':
    '{{toolId}} on {{server}} changed again since you reviewed it (now {{hash}}); review the new diff',
  'pin.disabled': 'definition pinning is not enabled here',
  // the workbench
  'workbench.toolGone': '{{server}} offers no tool "{{toolId}}" now (or it is not connected)',
  'workbench.noTool': '{{server}} offers no tool "{{toolId}}" (or it is not connected)',
  'workbench.quarantined':
    '"{{toolId}}" on {{server}} changed since it was pinned: review the change on the Tools page before running it',
  'workbench.notConnected': '{{server}} is not connected, so "{{toolId}}" cannot run now',
  'workbench.invalidDraft': 'the draft intent tree is not valid: {{path}} {{problem}}',
  'tests.notRun': 'case {{id}} has not run yet',
  'tests.noCase': 'no case {{ids}}',
  'tests.nothingToReplay': 'conversation {{id}} has no messages to replay',
  'tests.noActingIdentity':
    'the case names no acting identity and there is no default: give it a "customer:" or the file a "defaults: { customer: … }"',
  'tests.casesFileProblems': '{{path}} has problems ({{problem}}); fix it before adding a case',
  'tests.caseNameTaken': 'a case named "{{name}}" already exists in {{path}}',
  'tests.casesNotAList': '{{path}}: "cases" is not a list',
} as const;
