import { z } from 'zod';
import { command, query } from './define';
import { uiMessageSchema } from './message';
import { ENV_NAME, isHttpUrl, MODEL_SETTINGS_LIMITS as LIMITS } from '../config/rules';
import { numberWithin } from '../config/bounded-number';
import { STATUS_MESSAGES } from '../messages/status-messages';

export const modelSettingsViewSchema = z.object({
  /** A vendor's provider or one the entry point registered (the demo shop's `demo`). */
  provider: z.string(),
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  temperature: z.number().optional(),
  apiKeyEnv: z.string().optional(),
  timeoutMs: z.number().optional(),
  /** What the chat shows, e.g. "offline demo model". */
  label: z.string(),
  /** `label` as a code when the provider can't be made ("anthropic (not usable: …)"); the console translates it. */
  labelMessage: uiMessageSchema.optional(),
});

/** A model provider this process can run, as Settings offers it (the vendors' and those the entry point registered). */
export const modelProviderChoiceSchema = z.object({
  /** What the config's `provider:` says. */
  name: z.string(),
  label: z.string(),
  /** `label` as a code the console translates. */
  labelMessage: uiMessageSchema.optional(),
  /** False for a model that answers without a key: no key is then missing. */
  needsApiKey: z.boolean(),
  /** Runs on this machine: the base URL, model, temperature and key are not used. */
  offline: z.boolean(),
});
export type ModelProviderChoice = z.infer<typeof modelProviderChoiceSchema>;

/** The key itself never leaves main: the renderer only learns whether one is set and where from. */
export const apiKeyStatusSchema = z.object({
  set: z.boolean(),
  source: z.enum(['env', 'stored']).nullable(),
  envVar: z.string(),
  /** True where a key can be stored now (Electron safeStorage); the browser console uses the environment. */
  canStore: z.boolean(),
  /**
   * Where a stored key lives: the OS keychain; Electron's plain-text fallback the operator agreed to; nowhere yet
   * because the OS offers no keyring (storing needs consent); nowhere (environment only).
   */
  storage: z.enum(['keychain', 'plain-text', 'no-keyring', 'environment']),
  /** A stored key that can't be used (it did not decrypt): what happened, until it is entered again. */
  problem: z.string().optional(),
  /** `problem` as a code for the console; the decryption error's words are a verbatim param. */
  problemMessage: uiMessageSchema.optional(),
});

export const settingsSchema = z.object({
  model: modelSettingsViewSchema,
  /** The providers this process has, in the order offered. */
  providers: z.array(modelProviderChoiceSchema),
  apiKey: apiKeyStatusSchema,
  maxSteps: z.number().int(),
  approvalTimeoutMs: z.number().int(),
  dataDir: z.string(),
  configPath: z.string(),
  /** Who the console's forms act as until the operator names someone (the demo shop's u1001); absent: none. */
  defaultActingIdentity: z.string().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsRoutes = {
  'settings.get': query(z.strictObject({}).default({}), settingsSchema),
  'settings.saveModel': command(
    z.strictObject({
      /** Checked against what this process has when the config is written (an unknown one is refused, naming those). */
      provider: z.string().min(1).max(LIMITS.modelLength),
      baseUrl: z.string().refine(isHttpUrl, STATUS_MESSAGES['config.modelBaseUrl']).or(z.literal('')).optional(),
      model: z.string().max(LIMITS.modelLength).optional(),
      temperature: numberWithin(LIMITS.temperature).optional(),
      apiKeyEnv: z.string().regex(ENV_NAME).or(z.literal('')).optional(),
      timeoutMs: numberWithin(LIMITS.timeoutMs).optional(),
      maxSteps: numberWithin(LIMITS.maxSteps).optional(),
      approvalTimeoutMs: numberWithin(LIMITS.approvalTimeoutMs).optional(),
    }),
    settingsSchema,
  ),
  /**
   * Puts the embedded (builtin) servers' data back to its seed (the demo shop's orders, coupons and tickets: Settings
   * → Reset demo data). `reset: false` when none has started, or the entry point embeds none.
   */
  'settings.resetBuiltinData': command(z.strictObject({}).default({}), z.object({ reset: z.boolean() })),
  /**
   * Write-only: an empty string clears a stored key. `allowPlainText`: the operator's explicit consent to
   * Electron's plain-text storage where the OS has no keyring (`storage: 'no-keyring'`); refused without it.
   */
  'settings.setApiKey': command(
    z.strictObject({ apiKey: z.string().max(1000), allowPlainText: z.boolean().optional() }),
    apiKeyStatusSchema,
  ),
};
