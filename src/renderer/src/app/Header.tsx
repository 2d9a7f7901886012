import { useRpc } from '../lib/rpc-context';
import { useUiStore } from './ui-store';

export function Header() {
  const rpc = useRpc();
  const connection = useUiStore((s) => s.connection);
  return (
    <header className="header">
      <span className="mode" data-testid="mode">
        {rpc.mode === 'desktop' ? 'Desktop' : 'Browser'} mode
      </span>
      <span className={`conn conn-${connection}`} data-testid="connection" role="status">
        {connection}
      </span>
    </header>
  );
}
