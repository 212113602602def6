import type { AvailabilityListResponse, AvailableForSharingResponse, SharableCourseDto } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { seatHolderOf } from '../common/seat-holder.js';
import { SeatPools } from './seat-pools.js';

/** Reading the actor's seat pools: what they can share of a course, and which purchases it comes from. */
@Injectable()
export class SeatsService {
  constructor(private readonly pools: SeatPools) {}

  /** `GET /availability-list/{program}`: the purchases still holding usable seats, and their total. */
  async availabilityList(ctx: RequestContext, programId: number): Promise<AvailabilityListResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    const data = await this.pools.availabilityList(holder.key, programId);
    return { data, meta: { total: data.reduce((sum, entry) => sum + entry.qty, 0) } };
  }

  /** `GET /my-courses/available-for-sharing/{program_id}`. */
  async availableForSharing(ctx: RequestContext, programId: number): Promise<AvailableForSharingResponse> {
    const holder = seatHolderOf(ctx, 'share.send');
    return { count: await this.pools.availableCount(holder.key, programId) };
  }

  async sharableCourses(ctx: RequestContext): Promise<{ data: SharableCourseDto[] }> {
    const holder = seatHolderOf(ctx, 'share.send');
    return { data: await this.pools.sharableCourses(holder.key) };
  }
}
