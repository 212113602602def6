import type { AnnouncementClass } from '@aero/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One published announcement; the newest one is the banner. */
@Entity({ schema: 'notifications', name: 'announcements' })
export class AnnouncementEntity {
  @PrimaryColumn('uuid')
  uuid: string;

  @Column('text')
  message: string;

  @Column('text')
  class: AnnouncementClass;

  /** The operator who published it; null for seeded data. */
  @Column('uuid', { name: 'published_by', nullable: true })
  publishedBy: string | null;

  @Column('timestamptz', { name: 'published_at' })
  publishedAt: Date;
}
