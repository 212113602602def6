import { useTranslation } from 'react-i18next';
import { AccountLimits } from '@aero/contracts';
import './accounts-ui.css';

export type PasswordStrengthLevel = 'empty' | 'weak' | 'fair' | 'good' | 'strong';

export interface PasswordStrength {
  /** 0 (empty) to 4 (strong). */
  score: number;
  level: PasswordStrengthLevel;
  /** The rules of docs/decisions.md #1: at least 8 characters, a number and an uppercase letter. */
  meetsRules: boolean;
}

const LEVELS: PasswordStrengthLevel[] = ['empty', 'weak', 'fair', 'good', 'strong'];

/**
 * The strength widget's reading of a password. The rules give "fair" at best; a longer password
 * (12+), a lowercase letter and a symbol make it good or strong. Secure length: 8.
 */
export function passwordStrength(password: string, secureLength: number = AccountLimits.passwordMin): PasswordStrength {
  if (password === '') return { score: 0, level: 'empty', meetsRules: false };
  const long = password.length >= secureLength;
  const digit = /\d/.test(password);
  const upper = /\p{Lu}/u.test(password);
  const lower = /\p{Ll}/u.test(password);
  const symbol = /[^\p{L}\p{N}]/u.test(password);
  const meetsRules = long && digit && upper;
  let score = 1;
  if (meetsRules) {
    score = 2;
    const extras = [password.length >= secureLength + 4, lower && symbol].filter(Boolean).length;
    score += extras;
  }
  return { score, level: LEVELS[score], meetsRules };
}

/** The password strength meter under a new-password field. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  if (strength.level === 'empty') return null;
  const label = t(`password.strength.${strength.level}`);
  return (
    <div id={id} className={`password-meter password-meter--${strength.level}`}>
      <meter min={0} max={4} low={2} high={3} optimum={4} value={strength.score} aria-label={t('password.strength.label')} aria-valuetext={label} />
      <span className="password-meter__text">{t('password.strength.text', { level: label })}</span>
    </div>
  );
}
