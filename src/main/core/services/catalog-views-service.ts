import type { CatalogEntry } from '../../../shared/catalog';
import type {
  CatalogDescriptionsView,
  CatalogListView,
  CatalogToolView,
  CatalogView,
  ExplanationView,
  PinActionResult,
} from '../../../shared/contract';
import type { CatalogService, CatalogSnapshot } from '../catalog/catalog-service';
import type { CatalogReport, CatalogRun } from '../catalog/catalog-run';
import type { PinAction } from '../catalog/pin-commands';
import { descriptionsView, entryView, fullView, listView, toolView } from './catalog-views';

/** The catalog as the Tools page and the CLI read it, and the operator's answers to quarantined changes. */
export class CatalogViewsService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly run: Pick<CatalogRun, 'explain' | 'settled'>,
  ) {}

  /** A page of entries with the bindings of its tools (catalog-views.ts: everything capped as the model gets it). */
  page(request: { offset?: number; limit?: number } = {}): CatalogView {
    return fullView(this.catalog.current(), request);
  }

  /** The catalog as main holds it, with what it was resolved from (the CLI's tables and `tools call`'s lookups). */
  snapshot(): CatalogSnapshot {
    return this.catalog.current();
  }

  /** One shot (the CLI): every server's first connect attempt over, then the catalog run's report. */
  settled(): Promise<CatalogReport> {
    return this.run.settled();
  }

  list(): CatalogListView {
    return listView(this.catalog.current());
  }

  tool(toolId: string, server: string | null): CatalogToolView {
    return toolView(this.catalog.current(), toolId, server);
  }

  descriptions(): CatalogDescriptionsView {
    return descriptionsView(this.catalog.current());
  }

  /** Why a tool is (not) visible; when its server's instructions are held, a note says so (the catalog run's). */
  explain(toolId: string, loadedSkills: readonly string[]): ExplanationView {
    return this.run.explain(toolId, loadedSkills);
  }

  acceptChange(target: PinAction): PinActionResult {
    return pinResult(this.catalog.acceptChange(target));
  }

  rejectChange(target: PinAction): PinActionResult {
    return pinResult(this.catalog.rejectChange(target));
  }

  acceptDescription(target: PinAction): PinActionResult {
    return pinResult(this.catalog.acceptDescription(target));
  }
}

const pinResult = ({ revision, entry }: { revision: number; entry: CatalogEntry | null }): PinActionResult => ({
  revision,
  entry: entry && entryView(entry),
});
