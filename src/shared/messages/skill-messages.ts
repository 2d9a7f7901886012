/** Skills published by servers (the MCP Skills extension): why one is refused or held, and the operator's answers. */
export const SKILL_MESSAGES = {
  'serverSkill.tooBig':
    "the skill's files declare {{bytes}} bytes, over the {{limit}}-byte cap: refused without reading it",
  'serverSkill.tooManyFiles': 'the skill lists {{files}} files, over the cap of {{limit}}: refused without reading it',
  'serverSkill.dynamic': 'the skill lists its files as "dynamic", so they cannot be checked against a digest: refused',
  'serverSkill.verifyFailed': 'file {{uri}} failed its {{check}} check: {{detail}}',
  'serverSkill.readFailed': 'could not read {{uri}}: {{detail}}',
  'serverSkill.invalidEntry': 'invalid skills/list entry #{{index}}: {{detail}}',
  'serverSkill.listFailed': 'skills/list failed: {{detail}}',
  'serverSkill.tooMany': 'the server lists {{count}} skills, over the cap of {{limit}}: the rest are not read',
  'serverSkill.changed':
    'its files changed since they were pinned at {{pinnedAt}} (sha256 {{pinnedHash}} -> {{currentHash}}): quarantined until the operator accepts the change',
  'serverSkill.missing': 'server {{server}} does not publish a skill named {{skill}}',
  'serverSkill.notConnected': 'server {{server}} is not connected',
  'serverSkill.notListed': 'the skills of server {{server}} are not listed yet',
  'serverSkill.notFound': 'server {{server}} publishes no skill named {{name}}',
  'serverSkill.nothingToAccept': 'skill {{name}} on {{server}} is not quarantined: there is nothing to accept',
  'serverSkill.changedAgain':
    'skill {{name}} on {{server}} changed again since you reviewed it (now {{digest}}); review it again',
  'serverSkill.unavailable':
    'skill {{name}} takes its manual from server {{server}}, and it cannot be loaded now: {{reason}}',
  'config.skillUnknownServer':
    'skill {{name}} takes its manual from server {{server}}, which is not configured under agent.mcp.servers',
  'config.skillManualAndServer':
    'skill {{name}} has both manual: and server:; a skill from a server takes its manual from it, so remove manual:',
} as const;
