import type { AvailabilityListResponse, AvailableForSharingResponse, SharableCourseDto } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { seatHolderOf } from '../common/seat-holder.js';
import { SharingErrors } from '../common/sharing.errors.js';
import { SeatPools } from './seat-pools.js';

/** Reading the actor's seat pools: what they can share of a course, and which purchases it comes from. */
@Injectable()
export class SeatsService {
  constructor(private readonly pools: SeatPools) {}

  /** `GET /availability-list/{program}`: the purchases still holding usable seats, and their total. */
  async availabilityList(ctx: RequestContext, programId: unknown): Promise<AvailabilityListResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    const data = await this.pools.availabilityList(holder.key, programIdOf(programId));
    return { data, meta: { total: data.reduce((sum, entry) => sum + entry.qty, 0) } };
  }

  /** `GET /my-courses/available-for-sharing/{program_id}`. */
  async availableForSharing(ctx: RequestContext, programId: unknown): Promise<AvailableForSharingResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    return { count: await this.pools.availableCount(holder.key, programIdOf(programId)) };
  }

  async sharableCourses(ctx: RequestContext): Promise<{ data: SharableCourseDto[] }> {
    const holder = seatHolderOf(ctx, 'share.send');
    return { data: await this.pools.sharableCourses(holder.key) };
  }
}

/** A course id from a path: a positive integer, else 404 (no such course among yours). */
export function programIdOf(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(id) || id <= 0) throw SharingErrors.field('program_id', 'The course is invalid.');
  return id;
}
