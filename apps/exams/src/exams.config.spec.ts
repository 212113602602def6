import { ConfigError } from '@aero/backend-config';
import { describe, expect, it } from '@jest/globals';
import { loadExamsConfig } from './exams.config.js';

describe('exams configuration', () => {
  it('the exam overrides are unset by default (each exam’s own duration and grace period)', () => {
    const config = loadExamsConfig({});
    expect(config.EXAM_GRACE_PERIOD_SECONDS_OVERRIDE).toBeUndefined();
    expect(config.EXAM_DURATION_SECONDS_OVERRIDE).toBeUndefined();
    expect(loadExamsConfig({ EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: '', EXAM_DURATION_SECONDS_OVERRIDE: '' }).EXAM_DURATION_SECONDS_OVERRIDE).toBeUndefined();
  });

  it('tests shorten the grace period (0 allowed) and the attempt (at least 1 s) in whole seconds', () => {
    expect(loadExamsConfig({ EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: '0', EXAM_DURATION_SECONDS_OVERRIDE: '5' })).toMatchObject({
      EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: 0,
      EXAM_DURATION_SECONDS_OVERRIDE: 5,
    });
    expect(() => loadExamsConfig({ EXAM_DURATION_SECONDS_OVERRIDE: '0' })).toThrow(ConfigError);
    expect(() => loadExamsConfig({ EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: '1.5' })).toThrow(/EXAM_GRACE_PERIOD_SECONDS_OVERRIDE/);
  });
});
