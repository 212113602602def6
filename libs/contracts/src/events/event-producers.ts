import { eventProducer } from './event-envelope.js';

/** The services that publish the product's events, each the `<producer>` of its subjects `evt.<producer>.<event>.v<version>`. */
export const accountsEvent = eventProducer('accounts-invitations');
export const examsEvent = eventProducer('exams');
export const paymentsEvent = eventProducer('payments');
export const sharingEvent = eventProducer('sharing-organize');
