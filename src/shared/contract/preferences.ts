import { z } from 'zod';
import { command, query } from './define';
import { uiMessageSchema } from './message';

/** The console's language: `auto` follows the OS (desktop) or the browser (headless console). */
export const uiLanguageChoiceSchema = z.enum(['auto', 'en', 'zh-CN']);
export type UiLanguageChoice = z.infer<typeof uiLanguageChoiceSchema>;

/** The console's colours: `system` follows the OS (prefers-color-scheme). */
export const uiThemeChoiceSchema = z.enum(['system', 'light', 'dark']);
export type UiThemeChoice = z.infer<typeof uiThemeChoiceSchema>;

/** What the operator chose for this data directory, kept by main (preferences.json). */
export const storedPreferencesSchema = z.object({
  language: uiLanguageChoiceSchema.default('auto'),
  theme: uiThemeChoiceSchema.default('system'),
});
export type StoredPreferences = z.infer<typeof storedPreferencesSchema>;

export const preferencesSchema = storedPreferencesSchema.extend({
  /**
   * The OS's preferred languages, most preferred first, where main knows them (the desktop app). Empty in the
   * headless console: the browser may run on another machine, so the renderer asks navigator.languages instead.
   */
  systemLanguages: z.array(z.string()),
  /** preferences.json could not be read: what went wrong (the file is left as it is and nothing is saved over it). */
  problem: z.string().optional(),
  /** `problem` as a code, what the JSON parser or the schema said inside it; absent for the file system's own words. */
  problemMessage: uiMessageSchema.optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesRoutes = {
  'preferences.get': query(z.strictObject({}).default({}), preferencesSchema),
  'preferences.setLanguage': command(z.strictObject({ language: uiLanguageChoiceSchema }), preferencesSchema),
  'preferences.setTheme': command(z.strictObject({ theme: uiThemeChoiceSchema }), preferencesSchema),
};

export const preferencesEvents = {
  /** Every window (and browser tab) applies a new choice at once, without a reload. */
  'preferences.changed': preferencesSchema,
};
