import { SharingRpc, type AvailabilityListResponse, type AvailableForSharingResponse, type SharableCourseDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { programIdParam } from './sharing-input.js';
import { CapabilityRoute } from '../http/route-verb.js';

/**
 * Seat availability (spec: learning §2 availability list modal, §3 Course availability, §7). The
 * guard reads the signed-in user, so each call acts for them; the service picks their seats (a
 * company's organizers: the company's) and never another owner's.
 */
@ApiTags('sharing')
@Controller()
export class SeatsController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'availability-list/:program', 'share.send', 'The purchases whose seats of a course are still usable: qty, created_at, available_till; meta.total')
  @ApiOkResponse({ description: '`{ data: [{ qty, created_at, available_till }], meta: { total } }`' })
  availabilityList(@Param('program') program: string): Promise<AvailabilityListResponse> {
    return this.rpc.call(SharingRpc.AvailabilityList, { programId: programIdParam(program) });
  }

  @CapabilityRoute('GET', 'my-courses/available-for-sharing/:program_id', 'share.send', 'How many seats of a course can be shared now')
  @ApiOkResponse({ description: '`{ count }`' })
  availableForSharing(@Param('program_id') program: string): Promise<AvailableForSharingResponse> {
    return this.rpc.call(SharingRpc.AvailableForSharing, { programId: programIdParam(program) });
  }

  @CapabilityRoute('GET', 'api/quick-share/courses', 'share.send', 'The courses you have seats or shares of (the quick share page course picker)')
  sharableCourses(): Promise<{ data: SharableCourseDto[] }> {
    return this.rpc.call(SharingRpc.SharableCourses, {});
  }
}
