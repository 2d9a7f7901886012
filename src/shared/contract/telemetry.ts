import { z } from 'zod';
import { OTLP_PROTOCOLS, TRACE_SAMPLERS, telemetrySettingsSchema } from '../config/telemetry-schema';
import { uiMessageSchema } from './message';
import { command, query } from './define';

/** OpenTelemetry as Settings shows it: what is saved, what is in effect (the OTEL_* variables win), what went wrong. */
export const telemetryViewSchema = z.object({
  /** The `telemetry:` section as saved. */
  saved: telemetrySettingsSchema,
  /** Exporting now. */
  enabled: z.boolean(),
  endpoint: z.string().nullable(),
  endpointSource: z.enum(['env', 'settings', 'default']),
  protocol: z.enum(OTLP_PROTOCOLS),
  serviceName: z.string(),
  sampler: z.enum(TRACE_SAMPLERS),
  captureContent: z.boolean(),
  disabled: z.boolean(),
  /** The OTLP headers' names only: their values may be tokens and never leave main. */
  headerNames: z.array(z.string()),
  /** Whether headers are stored (Settings) and whether the environment sets them (it wins). */
  headersStored: z.boolean(),
  canStoreHeaders: z.boolean(),
  /** The standard variables set in main's environment: their fields are read-only here. */
  fromEnv: z.array(z.string()),
  lastExport: z
    .object({ signal: z.string(), ok: z.boolean(), at: z.string(), detail: z.string().optional() })
    .nullable(),
  /** Each told once (and in the log): a bad variable, a collector that refused, failed or hung, a bad traceparent. */
  problems: z.array(z.object({ message: uiMessageSchema, at: z.string() })),
});
export type TelemetryView = z.infer<typeof telemetryViewSchema>;

export const telemetryRoutes = {
  'telemetry.get': query(z.strictObject({}).default({}), telemetryViewSchema),
  /** Saves the `telemetry:` section (an omitted field is removed); applies at once. */
  'telemetry.save': command(telemetrySettingsSchema, telemetryViewSchema),
  /** Write-only, like an API key: `key=value,key2=value2`; an empty string clears them. */
  'telemetry.setHeaders': command(
    z.strictObject({ headers: z.string().max(8192), allowPlainText: z.boolean().optional() }),
    telemetryViewSchema,
  ),
  /** One span to the collector now; the answer is that export's outcome. */
  'telemetry.sendTestSpan': command(
    z.strictObject({}).default({}),
    z.object({ ok: z.boolean(), traceId: z.string().optional(), message: uiMessageSchema.optional() }),
  ),
};
