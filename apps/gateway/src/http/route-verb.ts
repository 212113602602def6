import type { Capability } from '@aero/contracts';
import { applyDecorators, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { z } from 'zod';
import { Can } from '../accounts/access/access.decorators.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';

/** `CREATE` is a POST that adds something (201 Created); any other POST answers 200. */
export type RouteVerb = 'GET' | 'POST' | 'CREATE' | 'PATCH' | 'DELETE';

/**
 * The verb and path of a route that passes a service's answer on. A POST answers 200: it returns
 * what the service did, nothing is created at a new address; `CREATE` keeps Nest's 201.
 */
export function routeVerb(verb: RouteVerb, path: string): MethodDecorator {
  switch (verb) {
    case 'GET':
      return Get(path);
    case 'POST':
      return applyDecorators(Post(path), HttpCode(200));
    case 'CREATE':
      return Post(path);
    case 'PATCH':
      return Patch(path);
    case 'DELETE':
      return Delete(path);
  }
}

/**
 * A route that needs `capability` (docs/permissions.md): the guard reads the signed-in user
 * first, so the service acts for them; `summary` (and `answer`, the 200 answer's schema, where
 * the contract has one) documents it.
 */
export const CapabilityRoute = (verb: RouteVerb, path: string, capability: Capability, summary: string, answer?: z.ZodType): MethodDecorator =>
  applyDecorators(routeVerb(verb, path), Can(capability), answer ? ApiAnswer(summary, answer) : ApiOperation({ summary }));
