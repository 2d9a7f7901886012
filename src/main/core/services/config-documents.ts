import type { IntentNode, Skill } from '../../../shared/config/schema';
import type { RouteOutput } from '../../../shared/contract';
import type { ConfigStore } from '../config/config-store';

type ConfigView = RouteOutput<'config.save'>;

/**
 * The config file as the console edits it: the whole text (Settings → Config), the intent tree and the skills. Each
 * save is checked against the revision it was based on and validated with the rest of the config before anything
 * is written; the text leaves main with literal secrets masked, and a save puts back what it left masked.
 */
export class ConfigDocumentsService {
  constructor(private readonly config: ConfigStore) {}

  view(): ConfigView {
    return this.config.view();
  }

  /** Saves the whole text; the operator's earlier text that did not parse is kept beside it, and the answer says where. */
  async saveText(raw: string, baseRevision?: number): Promise<ConfigView> {
    const before = this.config.keptBroken.length;
    await this.config.saveRaw(raw, baseRevision);
    const kept = this.config.keptBroken.slice(before).at(-1);
    return { ...this.config.view(), ...(kept && { keptBrokenText: kept }) };
  }

  intents(): { intents: IntentNode[]; revision: number } {
    return { intents: this.config.current().intents, revision: this.config.snapshot().revision };
  }

  /** The whole tree, validated with the rest of the config (unique ids, known servers) before it is written. */
  async saveIntents(
    intents: IntentNode[],
    baseRevision?: number,
  ): Promise<{ intents: IntentNode[]; revision: number }> {
    this.config.assertBaseRevision(baseRevision);
    await this.config.edit(() => [{ op: 'merge', path: ['intents'], value: intents }]);
    return this.intents();
  }

  skills(): { skills: Skill[]; revision: number } {
    return { skills: this.config.current().skills, revision: this.config.snapshot().revision };
  }

  async saveSkills(skills: Skill[], baseRevision?: number): Promise<{ skills: Skill[]; revision: number }> {
    this.config.assertBaseRevision(baseRevision);
    await this.config.edit(() => [{ op: 'merge', path: ['skills'], value: skills }]);
    return this.skills();
  }
}
