import { ANNOUNCEMENT_CLASSES, type AnnouncementClass, type AnnouncementDto } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** `{ message }`: the text to flash. */
export class NotificationsMessageResponse {
  @ApiProperty()
  message: string;
}

export class BonusPopupResponse {
  @ApiProperty({ description: 'Signed in, not subscribed and not seen yet' })
  show: boolean;
}

export class AnnouncementResponse implements AnnouncementDto {
  @ApiProperty({ format: 'uuid', description: 'Dismissal is remembered per uuid' })
  uuid: string;

  @ApiProperty()
  message: string;

  @ApiProperty({ enum: ANNOUNCEMENT_CLASSES })
  class: AnnouncementClass;
}

export class CurrentAnnouncementResponse {
  @ApiProperty({ type: AnnouncementResponse, nullable: true })
  data: AnnouncementResponse | null;
}

export class PublishedAnnouncementResponse {
  @ApiProperty({ type: AnnouncementResponse })
  data: AnnouncementResponse;
}
