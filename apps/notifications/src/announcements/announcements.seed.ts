import type { DataSource } from 'typeorm';

/** The demo announcement's fixed id: seeding again changes nothing. */
export const DEMO_ANNOUNCEMENT_UUID = 'a1100000-0000-4000-8000-000000000001';

export const DEMO_ANNOUNCEMENT = {
  uuid: DEMO_ANNOUNCEMENT_UUID,
  message: 'Welcome to the new AeroMaint Academy! Classroom training can now be requested on the classroom training page.',
  class: 'info',
} as const;

/** One demo announcement for `npm start` (SEED_DEMO_DATA=true). */
export async function seedDemoAnnouncement(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `INSERT INTO notifications.announcements (uuid, message, class) VALUES ($1, $2, $3) ON CONFLICT (uuid) DO NOTHING`,
    [DEMO_ANNOUNCEMENT.uuid, DEMO_ANNOUNCEMENT.message, DEMO_ANNOUNCEMENT.class],
  );
}
