import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, ValidateNested } from 'class-validator';

/**
 * An array field of a request DTO holding at most `max` elements: the one way request DTOs declare
 * an array. It applies IsArray and ArrayMaxSize(max) (the cap the shape check of the validation
 * pipe, shape-check.ts, enforces before class-transformer and class-validator see a single element)
 * and shows `maxItems` in the OpenAPI document. With `of`, the elements are objects of that class:
 * IsObject, ValidateNested and Type for each element, and the shape check walks into them.
 *
 * Put it below the property's ApiProperty/ApiPropertyOptional (the caller's type and description
 * are merged with the cap).
 * @param max the domain's maximum: the longest list a real request has, with room to spare.
 */
export function MaxItems(max: number, of?: () => new () => object): PropertyDecorator {
  const decorators: PropertyDecorator[] = [IsArray(), ArrayMaxSize(max), ApiProperty({ maxItems: max })];
  if (of) decorators.push(IsObject({ each: true }), ValidateNested({ each: true }), Type(of));
  return applyDecorators(...decorators);
}
