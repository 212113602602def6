import type { Capability } from '@aero/contracts';
import { applyDecorators, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Can } from '../accounts/access/access.decorators.js';

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
 * first, so the service acts for them; `summary` documents it.
 */
export const CapabilityRoute = (verb: RouteVerb, path: string, capability: Capability, summary: string): MethodDecorator =>
  applyDecorators(routeVerb(verb, path), Can(capability), ApiOperation({ summary }));
