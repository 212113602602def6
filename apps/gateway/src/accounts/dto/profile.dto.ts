import { AccountLimits, AccountMessages, GENDERS } from '@aero/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FieldRule, IfSent, isCalendarDate, OneOf, OptionalText, Text, textOf } from '../validation/account-fields.js';

/** `PATCH /profile`: the account data; a field not sent keeps its value. The e-mail is read-only. */
export class UpdateProfileDto {
  @ApiPropertyOptional({ example: 'lena.berg', minLength: AccountLimits.nickMin, maxLength: AccountLimits.nickMax })
  @IfSent(Text({ label: 'nick', required: true, min: AccountLimits.nickMin, max: AccountLimits.nickMax }))
  nick?: string;

  @ApiPropertyOptional({ example: 'Lena', maxLength: AccountLimits.nameMax })
  @IfSent(Text({ label: 'first name', required: true, max: AccountLimits.nameMax }))
  first_name?: string;

  @ApiPropertyOptional({ example: 'Berg', maxLength: AccountLimits.nameMax })
  @IfSent(Text({ label: 'last name', required: true, max: AccountLimits.nameMax }))
  last_name?: string;

  @ApiPropertyOptional({ description: 'Read-only: the form may send it back; a different address is refused (contact support)' })
  @OptionalText('email')
  email?: string;
}

/** Longest base64 text of an avatar of at most 700 KB (4 characters per 3 bytes). */
const AVATAR_BASE64_MAX = Math.ceil(AccountLimits.avatarMaxBytes / 3) * 4;

/** `POST /profile/avatar`: the image as base64 or a data URL. */
export class AvatarUploadDto {
  @ApiProperty({ description: 'PNG, JPEG or WebP, at most 700 KB, base64 or a data: URL' })
  @FieldRule('isNotEmpty', AccountMessages.avatarEmpty, (value) => typeof value === 'string' && value.trim() !== '')
  @FieldRule('maxSize', AccountMessages.avatarTooLarge, (value) => {
    if (typeof value !== 'string') return true;
    const base64 = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    return base64.length <= AVATAR_BASE64_MAX && Math.floor((base64.length * 3) / 4) - padding <= AccountLimits.avatarMaxBytes;
  })
  avatar: string;

  @ApiProperty({ example: 'image/png', enum: ['image/png', 'image/jpeg', 'image/webp'] })
  @Allow()
  content_type: string;
}

/** `POST /profile/personal-information`: for certificates, fillable once. */
export class SavePersonalInformationDto {
  @ApiProperty({ example: '1990-05-17', description: 'YYYY-MM-DD, before today' })
  @Text({ label: 'birth date', required: true, max: 10 })
  @FieldRule('birthDateFormat', AccountMessages.birthDateFormat, (value) => {
    const text = textOf(value);
    return !text || text.length > 10 || (isCalendarDate(text) && text >= '1900-01-01');
  })
  @FieldRule('birthDatePast', AccountMessages.birthDatePast, (value) => {
    const text = textOf(value);
    return !text || !isCalendarDate(text) || text < new Date().toISOString().slice(0, 10);
  })
  birth_date: string;

  @ApiProperty({ enum: GENDERS })
  @Text({ label: 'gender', required: true, max: 10 })
  @OneOf('gender', GENDERS, { caseless: true })
  gender: string;

  @ApiPropertyOptional({ maxLength: AccountLimits.birthPlaceMax })
  @Text({ label: 'birth place', max: AccountLimits.birthPlaceMax })
  birth_place?: string;
}
