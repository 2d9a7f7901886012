import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entry, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import {
  chip,
  funnelStage,
  renderToolsPage,
  resetToolsUi,
  rows,
  withViewport,
} from '../../../../../tests/support/renderer/tools-page';

withViewport();
beforeEach(resetToolsUi);
afterEach(cleanup);

describe('ToolsPage: the list, its filters and the funnel', () => {
  it('lists every catalog entry with its state, and filters by state, server and search', async () => {
    renderToolsPage();
    await screen.findAllByTestId('tool-row');
    expect(rows()).toEqual([
      'cancel_order@shop:bound',
      'query_coupons@shop:unmounted',
      'query_invoice@:unavailable',
      'query_logistics@shop:bound',
      'query_order@shop:bound',
    ]);

    fireEvent.click(chip(/unmounted/));
    expect(rows()).toEqual(['query_coupons@shop:unmounted']);
    fireEvent.click(chip(/unmounted/)); // pressed again: all
    expect(rows()).toHaveLength(5);

    fireEvent.change(screen.getByLabelText('Server'), { target: { value: '' } });
    expect(rows()).toEqual(['query_invoice@:unavailable']);
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'shop' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'logistics' } });
    await waitFor(() => expect(rows()).toEqual(['query_logistics@shop:bound']));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No tool matches these filters.')).toBeInstanceOf(HTMLElement);
  });
  it('opens with the funnel: each stage’s count, what leaves between stages, and a click filters the list', async () => {
    renderToolsPage();
    await screen.findAllByTestId('tool-row');
    expect(
      ['discovered', 'mounted', 'bindings', 'bound', 'sent'].map((stage) => funnelStage(stage).dataset.count),
    ).toEqual(['4', '3', '3', '3', '3']);
    expect(funnelStage('mounted').textContent).toContain('− 1 unmounted');
    expect(screen.getByTestId('tool-funnel').textContent).toContain('1 configured tool no connected server offers');
    fireEvent.click(within(funnelStage('mounted')).getByRole('button', { name: /mounted by the intent tree/ }));
    expect(rows()).toEqual(['cancel_order@shop:bound', 'query_logistics@shop:bound', 'query_order@shop:bound']);
    fireEvent.click(within(funnelStage('mounted')).getByRole('button', { name: '− 1 unmounted' }));
    expect(rows()).toEqual(['query_coupons@shop:unmounted']);
    expect(chip(/unmounted/).getAttribute('aria-pressed')).toBe('true');
  });
  it('renders only a window of 10,000 entries, quickly', async () => {
    const many = shopCatalog({
      entries: Array.from({ length: 10_000 }, (_, i) =>
        entry(`tool_${String(i).padStart(5, '0')}`, `server_${i % 20}`, i % 4 ? 'bound' : 'unmounted'),
      ),
    });
    const started = performance.now();
    renderToolsPage(() => many);
    await screen.findAllByTestId('tool-row');
    const elapsed = performance.now() - started;
    const shown = screen.getAllByTestId('tool-row').length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(60);
    expect(screen.getByTestId('tools-list').getAttribute('aria-label')).toBe('Tools, 10000 shown');
    expect(elapsed).toBeLessThan(2000); // generous for CI; the browser benchmark holds the real bar
    fireEvent.click(chip(/unmounted/));
    expect(screen.getByTestId('tools-list').getAttribute('aria-label')).toBe('Tools, 2500 shown');
    // The funnel counts the 10,000 and filters to a stage.
    expect(funnelStage('discovered').dataset.count).toBe('10000');
    fireEvent.click(within(funnelStage('bound')).getByRole('button', { pressed: false }));
    expect(screen.getByTestId('tools-list').getAttribute('aria-label')).toBe('Tools, 7500 shown');
  });
  it('loads the list without schemas or descriptions, and fetches descriptions only once a search starts', async () => {
    const rpc = renderToolsPage();
    await screen.findAllByTestId('tool-row');
    // The funnel's last stage asks for the latest conversation; no schema and no description is fetched.
    expect(rpc.calls.map((c) => c.route)).toEqual(['catalog.list', 'chat.list']);
    expect(screen.getByText(/3 bound/)).toBeInstanceOf(HTMLElement);
    const search = screen.getByLabelText('Search');
    fireEvent.focus(search);
    await waitFor(() => expect(rpc.callsTo('catalog.descriptions')).toHaveLength(1));
    fireEvent.change(search, { target: { value: 'server text' } }); // only in the descriptions
    await waitFor(() =>
      expect(rows()).toEqual([
        'cancel_order@shop:bound',
        'query_coupons@shop:unmounted',
        'query_logistics@shop:bound',
        'query_order@shop:bound',
      ]),
    );
  });
  it('shows a tool’s title beside its name and its inline icon in the row and the detail, says how many icons were withheld, and finds it by title', async () => {
    const icon = 'data:image/png;base64,iVBORw0KGgo=';
    const entries = shopCatalog().entries.map((e) =>
      e.toolId === 'query_logistics'
        ? { ...e, title: 'Track a parcel', icons: [{ src: icon, sizes: ['16x16'] }], iconsWithheld: 1 }
        : e,
    );
    renderToolsPage(() => shopCatalog({ entries }));
    const row = (await screen.findAllByTestId('tool-row')).find((r) => r.dataset.tool === 'query_logistics')!;
    expect(within(row).getByTestId('tool-title').textContent).toBe('Track a parcel');
    expect(within(row).getByTestId('tool-icon').getAttribute('src')).toBe(icon);
    // Rows without a title or icon have neither.
    const plain = screen.getAllByTestId('tool-row').find((r) => r.dataset.tool === 'query_order')!;
    expect(within(plain).queryByTestId('tool-title')).toBeNull();
    expect(within(plain).queryByTestId('tool-icon')).toBeNull();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'parcel' } });
    await waitFor(() => expect(rows()).toEqual(['query_logistics@shop:bound']));
    fireEvent.click(screen.getAllByTestId('tool-row')[0]);
    const detail = screen.getByTestId('tool-detail');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('query_logisticsTrack a parcel');
    expect((await within(detail).findByTestId('tool-icons')).querySelector('img')!.getAttribute('src')).toBe(icon);
    expect(within(detail).getByTestId('icons-withheld').textContent).toMatch(/^1 not shown: only inline images/);
  });
});
