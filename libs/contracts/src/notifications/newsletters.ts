/** Answers of the newsletter routes (spec: shop §7 newsletters, §4 subscription bonus popup). */
export const NewsletterMessages = {
  subscribed: 'You are subscribed to our newsletter.',
  bonusPopupSeen: 'The subscription bonus popup will not be shown again.',
} as const;

/** Where the subscription bonus popup links to (spec: shop §2 Consent and notices). */
export const SUBSCRIPTION_BONUS_URL = '/e-shop/how-to-become-engineer';

/** The subscription bonus popup state of the signed-in user (`{ show: false }` for visitors). */
export interface BonusPopupDto {
  show: boolean;
}
