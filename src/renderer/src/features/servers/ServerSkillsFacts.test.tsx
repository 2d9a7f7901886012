import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ServerSkillsFacts } from './ServerSkillsFacts';

afterEach(cleanup);

const listing = (
  server: string,
  state: 'listed' | 'failed' = 'listed',
  error: { code: string; text: string; params?: Record<string, string> } | null = null,
) => ({ server, state, error, ttlMs: null, cacheScope: null, listedAt: null, nextListAt: null });
const skill = (
  server: string,
  name: string,
  state: 'verified' | 'quarantined' | 'refused',
  reason: { code: string; text: string; params?: Record<string, string> } | null = null,
) => ({
  server,
  name,
  description: '',
  uri: null,
  state,
  digest: null,
  pinnedDigest: null,
  pinnedAt: null,
  files: 1,
  bytes: 1,
  reason,
  usedBy: null,
});

describe('ServerSkillsFacts (a server card)', () => {
  it('counts the skills a server publishes and gives each refused one its reason; says why a listing was refused', async () => {
    const tooBig = {
      code: 'serverSkill.tooBig',
      params: { bytes: '16,777,216', limit: '1,048,576' },
      text: "the skill's files declare 16,777,216 bytes, over the 1,048,576-byte cap: refused without reading it",
    };
    const noTtl = {
      code: 'serverSkill.listFailed',
      params: { detail: 'ttlMs: expected number' },
      text: 'skills/list failed: ttlMs: expected number',
    };
    const rpc = createFakeRpc({
      'skills.servers': () => ({
        listings: [listing('big'), listing('no-ttl', 'failed', noTtl)],
        skills: [skill('big', 'huge', 'refused', tooBig), skill('big', 'good-one', 'verified')],
      }),
    });
    renderWithRpc(
      <>
        <ServerSkillsFacts server="big" />
        <ServerSkillsFacts server="no-ttl" />
        <ServerSkillsFacts server="shop" />
      </>,
      rpc.client,
    );
    const [big, noTtlFacts] = await screen.findAllByTestId('server-skills-facts');
    expect(big.textContent).toBe(
      "Skills it publishes: 2 (1 verified)Skill huge refused: the skill's files declare 16,777,216 bytes, over the 1,048,576-byte cap: refused without reading it",
    );
    expect(noTtlFacts.textContent).toContain('skills/list failed: ttlMs: expected number');
    // A server that publishes no skills shows nothing.
    expect(screen.getAllByTestId('server-skills-facts')).toHaveLength(2);
  });
});
