import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One accepted classroom-training contact request (spec: shop §3 "Contact request"). */
@Entity({ schema: 'notifications', name: 'contact_requests' })
export class ContactRequestEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The form's is_private_person 'Yes' (true) or 'No' (business, false). */
  @Column('boolean', { name: 'is_private_person' })
  isPrivatePerson: boolean;

  @Column('text')
  name: string;

  @Column('text')
  email: string;

  @Column('text', { nullable: true })
  company: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  /** ISO 3166-1 alpha-2. */
  @Column('char', { length: 2 })
  country: string;

  @Column('text', { name: 'courses_request' })
  coursesRequest: string;

  /** YYYY-MM-DD. */
  @Column('date', { name: 'starting_date', nullable: true })
  startingDate: string | null;

  @Column('integer', { name: 'group_size', nullable: true })
  groupSize: number | null;

  /** The signed-in user who sent it, if any (the form is public). */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
