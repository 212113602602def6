import { can, NotificationsErrorCode, NotificationsMessages, type AnnouncementDto, type publishAnnouncementBodySchema } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
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
  async publish(ctx: RequestContext, request: z.output<typeof publishAnnouncementBodySchema>): Promise<{ data: AnnouncementDto }> {
    if (!ctx.actor || !can(ctx, 'announcements.manage')) {
      throw new DomainError(NotificationsErrorCode.Forbidden, NotificationsMessages.forbidden, 403);
    }
    const row: AnnouncementEntity = {
      uuid: randomUUID(),
      message: request.message,
      class: request.class,
      publishedBy: ctx.actor.userId,
      publishedAt: new Date(),
    };
    await this.dataSource.getRepository(AnnouncementEntity).insert(row);
    return { data: toAnnouncementDto(row) };
  }
}
