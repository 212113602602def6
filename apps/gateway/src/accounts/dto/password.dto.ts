import { AccountMessages } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ConfirmsPassword, Email, FieldRule, NewPassword } from '../validation/account-fields.js';

/** `POST /password/email`. */
export class PasswordResetRequestDto {
  @ApiProperty({ example: 'student@aeromaint.local' })
  @Email()
  email: string;
}

/** `POST /password/reset`: from the reset link (`token`, `email`) plus the new password. */
export class PasswordResetDto {
  @ApiProperty({ description: 'The token of the reset link; a bad one is reported under email' })
  @Allow()
  token: string;

  @ApiProperty({ example: 'student@aeromaint.local' })
  @Email()
  email: string;

  @ApiProperty({ example: 'Hangar2026', description: 'At least 8 characters with a number and an uppercase letter' })
  @NewPassword()
  password: string;

  @ApiProperty({ example: 'Hangar2026' })
  @ConfirmsPassword()
  password_confirmation: string;
}

/** `PATCH /profile/password`. */
export class ChangePasswordDto {
  @ApiProperty()
  @FieldRule('currentPassword', AccountMessages.currentPasswordWrong, (value) => typeof value === 'string' && value !== '')
  current_password: string;

  @ApiProperty({ example: 'Hangar2026', description: 'At least 8 characters with a number and an uppercase letter' })
  @NewPassword()
  password: string;

  @ApiProperty({ example: 'Hangar2026' })
  @ConfirmsPassword()
  password_confirmation: string;
}
