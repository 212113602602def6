import { loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { z } from 'zod';

/** The exams service's own settings (besides the shared infrastructure ones). */
export const examsConfigSchema = z.object({
  /** The shop's public address: the links of the e-mails about answered questions point to it. */
  ...publicBaseUrlConfig,
});

export type ExamsConfig = z.infer<typeof examsConfigSchema>;

/** Injection token of the validated ExamsConfig. */
export const EXAMS_CONFIG = Symbol('EXAMS_CONFIG');

export function loadExamsConfig(env: NodeJS.ProcessEnv = process.env): ExamsConfig {
  return loadConfig(examsConfigSchema, env);
}
