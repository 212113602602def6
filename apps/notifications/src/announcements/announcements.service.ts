import {
  ANNOUNCEMENT_CLASSES,
  ANNOUNCEMENT_MESSAGE_MAX,
  can,
  isAnnouncementClass,
  NotificationsErrorCode,
  NotificationsMessages,
  type AnnouncementDto,
  type PublishAnnouncementRequest,
} from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AnnouncementEntity } from './announcement.entity.js';

export function toAnnouncementDto(row: Pick<AnnouncementEntity, 'uuid' | 'message' | 'class'>): AnnouncementDto {
  return { uuid: row.uuid, message: row.message, class: row.class };
}

/** The announcement banner (spec: shop §2, §4): operators publish, everyone reads the newest. */
@Injectable()
export class AnnouncementsService {
  constructor(private readonly dataSource: DataSource) {}

  async current(): Promise<{ data: AnnouncementDto | null }> {
    const [row] = await this.dataSource
      .getRepository(AnnouncementEntity)
      .find({ order: { publishedAt: 'DESC', uuid: 'DESC' }, take: 1 });
    return { data: row ? toAnnouncementDto(row) : null };
  }

  /** A new announcement with a new uuid, so browsers that dismissed the previous one show it. */
  async publish(ctx: RequestContext, request: PublishAnnouncementRequest): Promise<{ data: AnnouncementDto }> {
    if (!ctx.actor || !can(ctx, 'announcements.manage')) {
      throw new DomainError(NotificationsErrorCode.Forbidden, NotificationsMessages.forbidden, 403);
    }
    const errors: Record<string, string[]> = {};
    const message = typeof request.message === 'string' ? request.message.trim() : '';
    if (request.message !== undefined && request.message !== null && typeof request.message !== 'string') {
      errors.message = ['The message must be text.'];
    } else if (!message) errors.message = ['The message is required.'];
    else if (message.length > ANNOUNCEMENT_MESSAGE_MAX) errors.message = [`The message must have up to ${ANNOUNCEMENT_MESSAGE_MAX} characters.`];
    if (request.class === undefined || request.class === null || request.class === '') errors.class = ['The class is required.'];
    else if (!isAnnouncementClass(request.class)) errors.class = [`The class must be one of ${ANNOUNCEMENT_CLASSES.join(', ')}.`];
    if (Object.keys(errors).length) throw new DomainError(NotificationsErrorCode.Validation, NotificationsMessages.formInvalid, 422, errors);

    const row: AnnouncementEntity = {
      uuid: randomUUID(),
      message,
      class: request.class as AnnouncementEntity['class'],
      publishedBy: ctx.actor.userId,
      publishedAt: new Date(),
    };
    await this.dataSource.getRepository(AnnouncementEntity).insert(row);
    return { data: toAnnouncementDto(row) };
  }
}
