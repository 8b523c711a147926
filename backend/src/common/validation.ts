import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function collect(errors: ValidationError[], parent: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) into[field] = Object.values(error.constraints);
    if (error.children?.length) collect(error.children, field, into);
  }
}

/** Field name → messages, for a validation failure (the `errors` of a 400 body). */
export function fieldErrors(errors: ValidationError[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  collect(errors, '', byField);
  return byField;
}

/**
 * DTOs are validated at the edge: unknown fields are refused, strings become numbers where the
 * DTO says so, and a 400 names every offending field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const byField = fieldErrors(errors);
      const details = Object.entries(byField).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
      return new BadRequestException({ message: `Invalid request: ${details.join('; ')}`, errors: byField });
    },
  });
}
