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
    exceptionFactory: (errors) => invalidFields(fieldErrors(errors)),
  });
}

/** The 400 of bad input: a message naming every field, and the messages by field (`errors`). */
export function invalidFields(byField: Record<string, string[]>): BadRequestException {
  const details = Object.entries(byField).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  return new BadRequestException({ message: `Invalid request: ${details.join('; ')}`, errors: byField });
}

/** The 400 for one field that passed the DTO but breaks a rule only the service can check. */
export function invalidField(field: string, message: string): BadRequestException {
  return invalidFields({ [field]: [message] });
}
