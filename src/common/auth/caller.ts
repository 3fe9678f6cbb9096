import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The raw Authorization header of the request (services decide what it proves). */
export const AuthHeader = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
});
