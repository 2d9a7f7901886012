import { z } from 'zod';

/**
 * zod's schema classes (its classic API: the largest of its modules), for loading on a turn of their own before the
 * first module that builds schemas with them (app-parts.ts). zod-jitless.ts loads zod's core only. A named use, so
 * the bundle keeps the classes' chunk and none of the locales a whole-namespace import would pull in.
 */
export const zodSchemaClass = z.ZodType;
