/**
 * The classroom-training contact form (spec: shop §2 "Classroom-training contact form", §3
 * "Contact request", §5 contact form rules, §9 contact limits). Field names are the form's.
 */
export interface ContactRequestForm {
  /** 'Yes' for a private person, 'No' for a business (company then required). */
  is_private_person?: unknown;
  name?: unknown;
  email?: unknown;
  /** Required for a business. */
  company?: unknown;
  phone?: unknown;
  /** ISO 3166-1 alpha-2 id of the country selector (e.g. `DE`). */
  country?: unknown;
  /** Courses of interest (textarea). */
  courses_request?: unknown;
  /** Preferred starting date, YYYY-MM-DD between `ContactLimits.startingDateMin` and `…Max`. */
  starting_date?: unknown;
  /** A whole number of at least 1. */
  group_size?: unknown;
  /** The human-verification widget's token. */
  g_recaptcha_token?: unknown;
}

/** Every field that can carry an error, in the form's order (spec: shop §5). */
export const CONTACT_REQUEST_FIELDS = [
  'is_private_person',
  'name',
  'email',
  'company',
  'phone',
  'country',
  'courses_request',
  'starting_date',
  'group_size',
  'g_recaptcha_token',
] as const;
export type ContactRequestField = (typeof CONTACT_REQUEST_FIELDS)[number];

/** The limits of shop §5 and §9. */
export const ContactLimits = {
  /** Text inputs. */
  textMax: 400,
  /** The courses-of-interest textarea. */
  coursesRequestMax: 2000,
  startingDateMin: '2025-04-10',
  startingDateMax: '2030-12-31',
  groupSizeMin: 1,
  /** Not in the spec: keeps the number meaningful (and within a database integer). */
  groupSizeMax: 100_000,
} as const;

/**
 * The token the test captcha verifier accepts (CAPTCHA_PROVIDER=test, the default of `npm start`
 * and the tests). The real reCAPTCHA verifier never accepts it.
 */
export const CAPTCHA_TEST_TOKEN = 'test-captcha-pass';

/** The contact form's texts. */
export const ContactMessages = {
  /** Spec: shop §8 "Contact form failure". */
  formInvalid: 'Some fields contain errors. Please correct them and try again.',
  /** Spec: shop §4 Contact form, the text that replaces the send button. */
  thanks: "Thanks for contacting us! We've received your request and will respond as soon as possible.",
  /** Spec: learning §5 "Recaptcha". */
  captcha: 'Please verify that you are not a robot.',
  captchaUnavailable: 'The human verification is temporarily unavailable. Please try again in a moment.',
  required: (label: string) => `The ${label} is required.`,
  maxLength: (label: string, max: number) => `The ${label} must have up to ${max} characters.`,
  mustBeText: (label: string) => `The ${label} must be text.`,
  invalidFormat: (label: string) => `The ${label} has an invalid format.`,
  invalidEmail: 'The email must be a valid email address.',
  invalidChoice: (label: string) => `The selected ${label} is invalid.`,
  dateFormat: 'The preferred starting date must be a valid date in the format YYYY-MM-DD.',
  dateRange: (min: string, max: string) => `The preferred starting date must be between ${min} and ${max}.`,
  groupSize: 'The group size must be a whole number of at least 1.',
  groupSizeMax: (max: number) => `The group size may not be greater than ${max}.`,
} as const;
