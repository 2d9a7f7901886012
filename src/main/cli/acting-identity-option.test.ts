import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQuietTestCore } from '../../../tests/support/core';
import { actingIdentityOf, commandActingIdentity } from './acting-identity-option';
import { runChat } from './chat-command';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('--customer / --identity', () => {
  it("--identity wins over --customer, and either over the application's default", () => {
    expect(actingIdentityOf({ customer: 'u1002', identity: 'u1003' }, 'u1001')).toBe('u1003');
    expect(actingIdentityOf({ customer: 'u1002' }, 'u1001')).toBe('u1002');
    expect(actingIdentityOf({}, 'u1001')).toBe('u1001');
    expect(actingIdentityOf({})).toBeUndefined();
  });

  it("without the option, chat acts as the demo shop bundle's default (u1001)", async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-identity-cli-'));
    const lines: string[] = [];
    const code = await runChat(
      { dataDir: dir, approve: 'none', json: true, message: ['我的优惠券'] },
      { stdout: (l) => lines.push(l), stderr: () => undefined },
      {},
    );
    expect(code).toBe(0);
    const created = lines.map((l) => JSON.parse(l) as { type: string }).find((e) => e.type === 'conversation.created');
    expect(created).toMatchObject({ customer: 'u1001' });
  });

  it('a core without a default: the command says an identity is needed, unless the option names one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-identity-cli-'));
    const core = await createQuietTestCore(dir, { defaultActingIdentity: undefined });
    try {
      const errors: string[] = [];
      const io = { stdout: () => undefined, stderr: (l: string) => errors.push(l) };
      expect(commandActingIdentity({}, core, io)).toBeUndefined();
      expect(errors).toEqual(['an acting identity is needed: give --customer <id> (or --identity <id>)']);
      expect(commandActingIdentity({ identity: 'agent_7' }, core, io)).toBe('agent_7');
      expect(errors).toHaveLength(1);
    } finally {
      await core.close();
    }
  });
});
