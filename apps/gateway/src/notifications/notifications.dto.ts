import { ANNOUNCEMENT_CLASSES, ContactLimits } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/*
 * The gateway only lets the forms' own fields through (unknown fields are a 422 of the edge
 * validation); the notifications service checks every rule and answers the field errors, so the
 * form messages are written once.
 */

/** `POST /classroom-training/contact-us` (spec: shop §3 "Contact request", §5 contact form). */
export class ContactUsDto {
  @ApiProperty({ enum: ['Yes', 'No'], description: "'Yes' for a private person, 'No' for a business" })
  @Allow()
  is_private_person?: unknown;

  @ApiProperty({ maxLength: ContactLimits.textMax, example: 'Erik Larsen' })
  @Allow()
  name?: unknown;

  @ApiProperty({ maxLength: ContactLimits.textMax, example: 'erik@nordic-mro.example' })
  @Allow()
  email?: unknown;

  @ApiPropertyOptional({ maxLength: ContactLimits.textMax, description: 'Required for a business' })
  @Allow()
  company?: unknown;

  @ApiPropertyOptional({ maxLength: ContactLimits.textMax })
  @Allow()
  phone?: unknown;

  @ApiProperty({ example: 'NO', description: 'ISO 3166-1 alpha-2 id (GET /countries/all)' })
  @Allow()
  country?: unknown;

  @ApiProperty({ maxLength: ContactLimits.coursesRequestMax, description: 'Courses of interest' })
  @Allow()
  courses_request?: unknown;

  @ApiPropertyOptional({
    example: '2027-03-01',
    description: `YYYY-MM-DD between ${ContactLimits.startingDateMin} and ${ContactLimits.startingDateMax}`,
  })
  @Allow()
  starting_date?: unknown;

  @ApiPropertyOptional({ example: 12, description: 'A whole number of at least 1' })
  @Allow()
  group_size?: unknown;

  @ApiProperty({ description: 'The human-verification token (test provider: test-captcha-pass)' })
  @Allow()
  g_recaptcha_token?: unknown;
}

/** `POST /api/admin/announcements`. */
export class PublishAnnouncementDto {
  @ApiProperty({ example: 'Scheduled maintenance on Sunday 02:00-04:00 UTC.', maxLength: 1000 })
  @Allow()
  message?: unknown;

  @ApiProperty({ enum: ANNOUNCEMENT_CLASSES, example: 'info' })
  @Allow()
  class?: unknown;
}
