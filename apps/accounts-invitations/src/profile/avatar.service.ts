import { AccountMessages, AVATAR_PATH, type AvatarDto } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../common/user-directory.js';
import { decodeAvatar } from './avatar-rules.js';

/** The actor's avatar, stored as bytea in the service schema and served back over RPC. */
@Injectable()
export class AvatarService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserDirectory,
  ) {}

  /** The image as sent (its declared type and its own signature are checked, and its size). */
  async upload(ctx: RequestContext, request: { content_type: unknown; content_base64: unknown }): Promise<{ message: string; avatar_url: string }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const { contentType, bytes } = decodeAvatar(request.content_type, request.content_base64);
    const [row]: { updated_at: Date }[] = await this.dataSource.query(
      `INSERT INTO accounts_invitations.avatars (user_id, content_type, bytes, size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes,
         size = EXCLUDED.size, updated_at = clock_timestamp()
       RETURNING updated_at`,
      [actor.id, contentType, bytes, bytes.length],
    );
    return { message: AccountMessages.avatarUpdated, avatar_url: `${AVATAR_PATH}?v=${row.updated_at.getTime()}` };
  }

  async get(ctx: RequestContext): Promise<{ data: AvatarDto | null }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    const [row]: { content_type: string; bytes: Buffer; size: number; updated_at: Date }[] = await this.dataSource.query(
      `SELECT content_type, bytes, size, updated_at FROM accounts_invitations.avatars WHERE user_id = $1`,
      [actor.id],
    );
    if (!row) return { data: null };
    return {
      data: {
        content_base64: row.bytes.toString('base64'),
        content_type: row.content_type,
        size: row.size,
        updated_at: row.updated_at.toISOString(),
      },
    };
  }

  async remove(ctx: RequestContext): Promise<{ message: string }> {
    const actor = await this.users.requireActor(ctx, 'profile.manage_own');
    await this.dataSource.query(`DELETE FROM accounts_invitations.avatars WHERE user_id = $1`, [actor.id]);
    return { message: AccountMessages.avatarRemoved };
  }
}
