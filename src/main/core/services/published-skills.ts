import type { RouteOutput } from '../../../shared/contract';
import type { ServerSkillsService } from '../server-skills/server-skills-service';

/** Skills that servers publish, as the Skills page shows them: listed, verified, pinned; a held change is accepted here. */
export class PublishedSkillsService {
  constructor(private readonly skills: ServerSkillsService) {}

  list(): RouteOutput<'skills.servers'> {
    return { skills: this.skills.views(), listings: this.skills.listingViews() };
  }

  /** Lists one server's skills again now (every server's without a name). */
  async refresh(server?: string): Promise<RouteOutput<'skills.servers'>> {
    await this.skills.refresh(server);
    return this.list();
  }

  /** Trusts a quarantined skill's current version; `digest` is what the operator reviewed. */
  accept(server: string, name: string, digest: string): RouteOutput<'skills.acceptServerSkill'> {
    return this.skills.accept(server, name, digest);
  }
}
