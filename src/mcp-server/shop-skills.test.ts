// The shop publishes the seed's after-sales manual as a server skill (SkillsExtension), in both protocol eras; a client
// verifies it with the SDK's SkillsClient and reads the manual as the SKILL.md body.
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopServer, type ShopServerHandle } from './shop-server';
import { AFTER_SALES_MANUAL, loadShopSkills } from './shop-skills';
import { connectShopClient } from '../../tests/support/shop-test-client';

describe('the shop publishes the after-sales manual as a server skill', () => {
  let shop: ShopServerHandle;
  beforeAll(async () => {
    shop = await startShopServer({ token: 's3cret' });
  });
  afterAll(() => shop.close());

  for (const era of ['2026-07-28', undefined] as const) {
    it(`lists and verifies it for a ${era ?? '2025-era'} client; the SKILL.md body is the manual`, async () => {
      const client = await connectShopClient(shop.url, 's3cret', era);
      try {
        const skills = new SkillsClient(client);
        expect(skills.supported).toBe(true);
        const listing = await skills.list();
        expect(listing.invalid).toEqual([]);
        expect(listing.skills.map((s) => s.frontmatter)).toEqual([
          { name: 'after-sales', description: '售后处理手册' },
        ]);
        if (era) expect(listing).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
        const file = await skills.read(listing.skills[0]);
        expect(file.verified).toBe(true);
        expect(file.body).toBe(AFTER_SALES_MANUAL);
        // The tools are still there beside it.
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('apply_refund');
      } finally {
        await client.close();
      }
    });
  }

  it('refuses to start with a skill that breaks the rules (strict catalog), rather than publish it', async () => {
    await expect(
      loadShopSkills({ 'After_Sales/SKILL.md': '---\nname: After_Sales\ndescription: x\n---\nbody\n' }),
    ).rejects.toThrow();
  });
});
