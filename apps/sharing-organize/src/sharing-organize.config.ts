import { loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { z } from 'zod';

/** The sharing-organize service's own settings (besides the shared infrastructure ones). */
export const sharingConfigSchema = z.object({
  /** The shop's public address (an origin, no trailing slash): the links in share e-mails point to it. */
  ...publicBaseUrlConfig,
});

export type SharingConfig = z.infer<typeof sharingConfigSchema>;

/** Injection token of the validated SharingConfig. */
export const SHARING_CONFIG = Symbol('SHARING_CONFIG');

export function loadSharingConfig(env: NodeJS.ProcessEnv = process.env): SharingConfig {
  return loadConfig(sharingConfigSchema, env);
}
