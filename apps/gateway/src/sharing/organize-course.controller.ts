import {
  deliverCoursesBodySchema,
  organizeDraftBodySchema,
  SharingRpc,
  type DeliverCoursesResponse,
  type OrganizeAvailabilityDto,
  type OrganizeDraftDto,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Param } from '@nestjs/common';
import { ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ZodBody, type SentFields } from '../validation/zod-params.js';
import { programIdParam } from './sharing-input.js';
import { CapabilityRoute } from '../http/route-verb.js';

/**
 * Organize course (learning §2 organize-course page, §4 organize flow, §7): the draft between the
 * steps, what the company has for the course, and the delivery. Only a company's organizers.
 */
@ApiTags('organize-course')
@Controller()
export class OrganizeCourseController {
  constructor(private readonly rpc: RpcClient) {}

  @CapabilityRoute('GET', 'api/organize-course', 'course.organize', 'The organize-course draft kept for you (null when there is none)')
  draft(): Promise<{ data: OrganizeDraftDto | null }> {
    return this.rpc.call(SharingRpc.GetOrganizeDraft, {});
  }

  @CapabilityRoute('POST', 'organize-course', 'course.organize', 'Keep the organize-course draft (new_course_information: course, product, students)')
  save(@ZodBody(organizeDraftBodySchema, { pass: 'sent' }) body: SentFields<typeof organizeDraftBodySchema>): Promise<{ data: OrganizeDraftDto }> {
    return this.rpc.call(SharingRpc.SaveOrganizeDraft, { new_course_information: body.new_course_information });
  }

  @CapabilityRoute('DELETE', 'organize-course', 'course.organize', 'Clear the stored organize data (the product was removed)')
  clear(): Promise<{ message: string }> {
    return this.rpc.call(SharingRpc.ClearOrganizeDraft, {});
  }

  @CapabilityRoute('GET', 'api/organize-course/availability/:program_id', 'course.organize', "The company's seats and hard-copy certificate credits for a course")
  availability(@Param('program_id') program: string): Promise<OrganizeAvailabilityDto> {
    return this.rpc.call(SharingRpc.OrganizeAvailability, { programId: programIdParam(program) });
  }

  @CapabilityRoute('POST', 'organize-course/deliver', 'course.organize', 'Deliver the course to the students: data.delivered items with type (email or ticket) and to')
  @ApiUnprocessableEntityResponse({ description: 'Students list incorrect; student e-mail not filled; not enough courses; not enough certificates' })
  deliver(@ZodBody(deliverCoursesBodySchema, { pass: 'sent' }) body: SentFields<typeof deliverCoursesBodySchema>): Promise<DeliverCoursesResponse> {
    return this.rpc.call(SharingRpc.DeliverCourses, { program_id: body.program_id, students: body.students, send_tickets_by_email: body.send_tickets_by_email });
  }
}
