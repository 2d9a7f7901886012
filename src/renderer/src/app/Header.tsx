import { useRpc } from '../lib/rpc-context';
import { useUiStore } from './ui-store';
import { useTranslation } from 'react-i18next';

export function Header() {
  const { t } = useTranslation('common');
  const rpc = useRpc();
  const connection = useUiStore((s) => s.connection);
  return (
    <header className="header">
      <span className="mode" data-testid="mode">
        {rpc.mode === 'desktop' ? t('header.desktopMode') : t('header.browserMode')}
      </span>
      <span className={`conn conn-${connection}`} data-testid="connection" data-state={connection} role="status">
        {t(`connection.${connection}`)}
      </span>
    </header>
  );
}
