import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type SettingsRoutes =
  | 'settings.get'
  | 'settings.saveModel'
  | 'settings.setApiKey'
  | 'settings.resetBuiltinData'
  | 'telemetry.get'
  | 'telemetry.save'
  | 'telemetry.setHeaders'
  | 'telemetry.sendTestSpan';

export function createSettingsHandlers({ settings, telemetry }: AppServices): Pick<Handlers, SettingsRoutes> {
  return {
    'settings.get': () => settings.view(),
    'settings.saveModel': (model) => settings.saveModel(model),
    'settings.setApiKey': ({ apiKey, allowPlainText }) => settings.setApiKey(apiKey, allowPlainText),
    'settings.resetBuiltinData': () => settings.resetBuiltinData(),
    'telemetry.get': () => telemetry.view(),
    'telemetry.save': (section) => telemetry.save(section),
    'telemetry.setHeaders': ({ headers, allowPlainText }) => telemetry.setHeaders(headers, allowPlainText),
    'telemetry.sendTestSpan': () => telemetry.sendTestSpan(),
  };
}
