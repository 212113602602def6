import { AccountMessages } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { binaryFlag, FieldRule, OptionalText, Ticked } from '../validation/account-fields.js';

/** `POST /cookie-consent`: the banner's or the preferences modal's choice. */
export class RecordCookieConsentDto {
  @ApiPropertyOptional({ description: 'Always given; refusing it is a 422', example: true })
  @Allow()
  necessary?: unknown;

  @ApiPropertyOptional({ example: false })
  @Allow()
  statistics?: unknown;

  @ApiPropertyOptional({ example: false })
  @Allow()
  social?: unknown;
}

/** `PATCH /profile/update-newsletter-consent`. */
export class UpdateNewsletterConsentDto {
  @ApiProperty({ enum: [1, 0], description: '1 subscribes, 0 unsubscribes' })
  @FieldRule('isIn', AccountMessages.invalidChoice('opt in'), (value) => binaryFlag(value) !== undefined)
  opt_in: unknown;
}

/** `POST /terms/accept`. */
export class AcceptTermsDto {
  @ApiProperty({ example: '1', description: 'Must be ticked' })
  @Ticked(AccountMessages.termsRequired)
  terms_and_conditions: unknown;

  @ApiPropertyOptional({ example: '/', description: 'A path on this site; default /' })
  @OptionalText('redirect')
  redirect?: string;
}
