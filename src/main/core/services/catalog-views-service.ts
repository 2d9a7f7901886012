import type { CatalogEntry } from '../../../shared/catalog';
import type {
  CatalogDescriptionsView,
  CatalogListView,
  CatalogToolView,
  CatalogView,
  ExplanationView,
  PinActionResult,
} from '../../../shared/contract';
import type { CatalogService } from '../catalog/catalog-service';
import type { InstructionsService } from '../catalog/instructions-service';
import type { PinAction } from '../catalog/pin-commands';
import { descriptionsView, entryView, fullView, listView, toolView } from './catalog-views';

/** The catalog as the Tools page and the CLI read it, and the operator's answers to quarantined changes. */
export class CatalogViewsService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly instructions?: InstructionsService,
  ) {}

  /** A page of entries with the bindings of its tools (catalog-views.ts: everything capped as the model gets it). */
  page(request: { offset?: number; limit?: number } = {}): CatalogView {
    return fullView(this.catalog.current(), request);
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

  /** Why a tool is (not) visible; when its server's instructions are held, what the model is told about them too. */
  explain(toolId: string, loadedSkills: readonly string[]): ExplanationView {
    const explanation = this.catalog.explain(toolId, loadedSkills);
    const { catalog: current } = this.catalog.current();
    const server = current.bindingsByToolId.get(toolId)?.server ?? current.quarantinedByToolId.get(toolId)?.server;
    const pin = server === undefined ? undefined : this.instructions?.pinOf(server);
    if (server === undefined || !pin?.held) return explanation;
    return {
      ...explanation,
      notes: [{ code: 'instructions.heldNote', params: { server, pinnedAt: pin.pinned.pinnedAt } }],
    };
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
