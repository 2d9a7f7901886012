// The shop publishes the seed's after-sales manual itself, as a server skill (the MCP Skills extension,
// io.modelcontextprotocol/skills): a SKILL.md whose body is the manual. The default config's `after-sales` skill
// takes its manual from here (`server: shop`) and says what it unlocks.
import { memorySkillFiles, SkillsExtension, type SkillCatalog } from '@modelcontextprotocol/server/ext/skills';

export const AFTER_SALES_SKILL = 'after-sales';

/** The seed's 售后处理手册, as the model reads it once load_skill loads `after-sales`. */
export const AFTER_SALES_MANUAL = `# 售后处理手册
1. 先用 query_order 确认订单已签收，且签收不超过 7 天。
2. 向用户确认退款原因，再调用 apply_refund。
3. 把售后工单号告诉用户，说明 1-3 个工作日内审核。
`;

export const SHOP_SKILL_FILES: Readonly<Record<string, string>> = {
  [`${AFTER_SALES_SKILL}/SKILL.md`]: `---\nname: ${AFTER_SALES_SKILL}\ndescription: 售后处理手册\n---\n${AFTER_SALES_MANUAL}`,
};

/** Built once per shop: the catalog holds metadata only and is shared by every session's McpServer. */
export function loadShopSkills(files: Readonly<Record<string, string>> = SHOP_SKILL_FILES): Promise<SkillCatalog> {
  // Lists are cacheable for a minute (2026-07-28): the manual changes only with a new build of the shop.
  return SkillsExtension.load(memorySkillFiles({ ...files }), {
    strict: true,
    cacheHint: { ttlMs: 60_000, cacheScope: 'public' },
  });
}
