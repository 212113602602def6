import { loadConfig, publicBaseUrlConfig } from '@aero/backend-config';
import { z } from 'zod';

/** A whole number of seconds from the environment, or undefined when the variable is absent or empty. */
const optionalSeconds = (min: number) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number().int().min(min).optional());

/** The exams service's own settings (besides the shared infrastructure ones). */
export const examsConfigSchema = z.object({
  /** The shop's public address: the links of the e-mails about answered questions and exams point to it. */
  ...publicBaseUrlConfig,
  /**
   * Seconds between a failed exam attempt and the next, for every exam, instead of each exam's
   * grace hours: tests and demos shorten the wait with it. Unset in production.
   */
  EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: optionalSeconds(0),
  /** Seconds of every exam attempt instead of each exam's duration (tests of the deadline). Unset in production. */
  EXAM_DURATION_SECONDS_OVERRIDE: optionalSeconds(1),
});

export type ExamsConfig = z.infer<typeof examsConfigSchema>;

/** Injection token of the validated ExamsConfig. */
export const EXAMS_CONFIG = Symbol('EXAMS_CONFIG');

export function loadExamsConfig(env: NodeJS.ProcessEnv = process.env): ExamsConfig {
  return loadConfig(examsConfigSchema, env);
}
