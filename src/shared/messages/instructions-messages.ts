/** The operator's answers to a held change of a server's instructions (servers.acceptInstructions). */
export const INSTRUCTIONS_MESSAGES = {
  'instructions.noChange': 'the instructions of {{server}} match their pin: there is nothing to accept',
  'instructions.changedAgain':
    'the instructions of {{server}} changed again since you reviewed them (now {{hash}}); review the new diff',
  'instructions.heldNote':
    "the instructions of {{server}} changed since they were pinned at {{pinnedAt}}: held, the model keeps receiving the pinned ones until the change is accepted on the server's card",
  'instructions.notConnected': 'server {{server}} is not connected: its current instructions are unknown',
} as const;
