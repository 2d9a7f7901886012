// Renderer tests read the English resources (their assertions are in English) whatever the machine's locale.
import { i18n } from '../../../src/renderer/src/lib/i18n';

await i18n.changeLanguage('en');
