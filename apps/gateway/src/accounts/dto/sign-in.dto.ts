import { AccountMessages } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Email, FieldRule, isGiven, textOf } from '../validation/account-fields.js';

/** `POST /login`. */
export class LoginDto {
  @ApiProperty({ example: 'student@aeromaint.local' })
  @Email()
  email: string;

  @ApiProperty({ example: 'Aviation2026!' })
  @FieldRule('isNotEmpty', AccountMessages.required('password'), (value) => isGiven(value))
  @FieldRule('isText', AccountMessages.mustBeText('password'), (value) => !isGiven(value) || typeof value === 'string')
  password: string;

  @ApiPropertyOptional({ description: 'Stay signed in for 3 years on this browser: true, 1 or "on"', example: true })
  @Allow()
  remember?: unknown;
}

/** `POST /email/verify`: the token of the verification link. */
export class VerifyEmailDto {
  @ApiProperty()
  @FieldRule('isNotEmpty', AccountMessages.verificationInvalid, (value) => {
    const text = textOf(value);
    return text !== null && text !== '' && text.length <= 2000;
  })
  token: string;
}
