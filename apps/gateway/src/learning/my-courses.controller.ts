import { courseHistoryAnswerSchema, courseHistoryQuerySchema, ExamsRpc, myCoursesAnswerSchema, type CourseHistoryAnswer, type CourseHistoryQuery, type MyCoursesAnswer } from '@aero/contracts';
import { RpcClient, type RawJson } from '@aero/backend-messaging';
import { Controller, Get } from '@nestjs/common';
import { ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';
import { ZodQuery } from '../validation/zod-params.js';
import { RawJsonAnswer } from './learning-routes.js';

/** My courses and the course history (spec: learning §2 `/my-courses`, course history; §4 Course status). */
@ApiTags('learning')
@Controller('api/my-courses')
export class MyCoursesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Can('course.learn')
  @RawJsonAnswer("The caller's courses still open (not ended, not failed); the page groups them: watchlist (created), shared, in progress, completed", myCoursesAnswerSchema)
  myCourses(): Promise<RawJson<MyCoursesAnswer>> {
    return this.rpc.callRaw(ExamsRpc.MyCourses, {});
  }

  @Get('history')
  @Can('course.learn')
  @ApiAnswer('Every course of the caller, ended and failed ones too, newest first (10 to 50 a page)', courseHistoryAnswerSchema)
  @ApiUnprocessableEntityResponse({ description: 'A page or page size out of range' })
  history(@ZodQuery(courseHistoryQuerySchema) query: CourseHistoryQuery): Promise<CourseHistoryAnswer> {
    return this.rpc.call(ExamsRpc.CourseHistory, { page: query.page, per_page: query.per_page });
  }
}
