import type { RecordActor, RecordStatus } from '../../../../shared/contract';
import { TIME_WINDOWS, isFiltered, type FilterOptions } from './records-filter';
import { useRecordsUiStore, type TimeWindow } from './records-ui-store';

const STATUSES: RecordStatus[] = ['success', 'error', 'rejected', 'blocked', 'stopped'];
const ACTORS: { value: RecordActor; label: string }[] = [
  { value: 'model', label: 'the model (chat)' },
  { value: 'operator', label: 'the operator (by hand)' },
  { value: 'replay', label: 'a replay' },
  { value: 'test', label: 'a test run' },
];

/** Tool, server, status, conversation and time: each a labelled select, "Any" by default. */
export function RecordsFilterBar({ options, titleOf }: { options: FilterOptions; titleOf: (conversationId: string) => string }) {
  const filter = useRecordsUiStore((s) => s.filter);
  const setFilter = useRecordsUiStore((s) => s.setFilter);
  const resetFilter = useRecordsUiStore((s) => s.resetFilter);
  return (
    <form className="filter-bar" aria-label="Filter records" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Tool</span>
        <select value={filter.tool} onChange={(e) => setFilter({ tool: e.target.value })}>
          <option value="">Any tool</option>
          {options.tools.map((tool) => (
            <option key={tool} value={tool}>
              {tool}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Server</span>
        <select value={filter.server} onChange={(e) => setFilter({ server: e.target.value })}>
          <option value="">Any server</option>
          {options.servers.map((server) => (
            <option key={server} value={server}>
              {server}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Status</span>
        <select value={filter.status} onChange={(e) => setFilter({ status: e.target.value as RecordStatus | '' })}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Actor</span>
        <select value={filter.actor} onChange={(e) => setFilter({ actor: e.target.value as RecordActor | '' })}>
          <option value="">Any actor</option>
          {ACTORS.map((actor) => (
            <option key={actor.value} value={actor.value}>
              {actor.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Conversation</span>
        <select value={filter.conversationId} onChange={(e) => setFilter({ conversationId: e.target.value })}>
          <option value="">Any conversation</option>
          {options.conversationIds.map((conversationId) => (
            <option key={conversationId} value={conversationId}>
              {titleOf(conversationId)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Time</span>
        <select value={filter.window} onChange={(e) => setFilter({ window: e.target.value as TimeWindow })}>
          {TIME_WINDOWS.map((window) => (
            <option key={window.value} value={window.value}>
              {window.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" onClick={resetFilter} disabled={!isFiltered(filter)}>
        Clear filters
      </button>
    </form>
  );
}
