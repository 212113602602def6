import { z } from 'zod';

/**
 * The shop's bank account for bank-wire payments: payments shows it on the instructions page and
 * notifications e-mails it to the buyer, so both read these same variables (set once for the
 * deployment, like PUBLIC_BASE_URL). The defaults are a demo account.
 */
export const bankWireAccountConfig = {
  BANK_WIRE_BENEFICIARY: z.string().default('AeroMaint Academy SAS'),
  BANK_WIRE_IBAN: z.string().default('DE89 3704 0044 0532 0130 00'),
  BANK_WIRE_BIC: z.string().default('COBADEFFXXX'),
  BANK_WIRE_BANK_NAME: z.string().default('Demo Bank (sandbox account)'),
};
