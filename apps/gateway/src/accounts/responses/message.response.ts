import { ApiProperty } from '@nestjs/swagger';

/** `{ message }`: the text to flash. */
export class MessageResponse {
  @ApiProperty()
  message: string;
}

/** `{ message, redirect }`: the text to flash and where to go next. */
export class MessageRedirectResponse extends MessageResponse {
  @ApiProperty({ example: '/profile' })
  redirect: string;
}

/** `{ redirect }`. */
export class RedirectResponse {
  @ApiProperty({ example: '/' })
  redirect: string;
}
