import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ValidationTypes, getMetadataStorage, type ValidatorOptions } from 'class-validator';
import { TEXT_PROBLEM_MESSAGES, findTextProblems } from './input-limits.js';

function collect(errors: ValidationError[], parent: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) into[field] = [...(into[field] ?? []), ...Object.values(error.constraints)];
    if (error.children?.length) collect(error.children, field, into);
  }
}

/** Field name → messages, for a validation failure (the `errors` of a 400 body). */
export function fieldErrors(errors: ValidationError[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  collect(errors, '', byField);
  return byField;
}

const isPlainObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

interface NestedProperty {
  name: string;
  /** `@ValidateNested({each: true})`: a list of objects; otherwise one object. */
  each: boolean;
}

/** The properties of `target` declared `@ValidateNested()`, i.e. holding an object or a list of objects. */
function nestedProperties(target: object, cache: Map<unknown, NestedProperty[]>): NestedProperty[] {
  const constructor = target.constructor;
  let properties = cache.get(constructor);
  if (!properties) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(constructor, '', true, false);
    const nested = metadata.filter((entry) => entry.type === ValidationTypes.NESTED_VALIDATION);
    properties = [...new Set(nested.map((entry) => entry.propertyName))].map((name) => ({
      name,
      each: nested.some((entry) => entry.propertyName === name && entry.each),
    }));
    cache.set(constructor, properties);
  }
  return properties;
}

/**
 * class-validator lets a nested list hold lists (`{"sort": [[]]}` passes `@ValidateNested({each: true})`,
 * and so does `[[{...}]]`), which the services then trip over. Every item of a nested list must be an object.
 */
export function nestedShapeErrors(instance: object, parent = '', cache = new Map<unknown, NestedProperty[]>()): ValidationError[] {
  const errors: ValidationError[] = [];
  const refuse = (path: string, message: string) => errors.push({ property: path, value: undefined, children: [], constraints: { isObject: message } });
  for (const { name, each } of nestedProperties(instance, cache)) {
    const value = (instance as Record<string, unknown>)[name];
    const path = parent ? `${parent}.${name}` : name;
    if (isPlainObject(value)) errors.push(...nestedShapeErrors(value, path, cache));
    // Primitives, null and absence are class-validator's to judge (with @IsOptional, @IsArray, ...).
    if (!Array.isArray(value)) continue;
    if (!each) {
      refuse(path, `${path} must be an object, not a list`);
      continue;
    }
    value.forEach((item: unknown, index) => {
      if (isPlainObject(item)) errors.push(...nestedShapeErrors(item, `${path}.${index}`, cache));
      else refuse(`${path}.${index}`, `each item of ${path} must be an object`);
    });
  }
  return errors;
}

/**
 * The global pipe. Before any DTO work it refuses text PostgreSQL cannot store (NUL, lone surrogates)
 * and values nested too deeply, in bodies (JSON parts of multipart bodies included), queries and path
 * parameters; then class-validator runs, plus the nested-list shape rule above.
 */
class EdgeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      // Fields are named as the DTO's errors name them: relative to the object validated, or by the parameter for a bare value.
      const root = typeof value === 'object' && value !== null ? '' : (metadata.data ?? '');
      const problems = Object.entries(findTextProblems(value, root));
      if (problems.length) {
        throw invalidFields(Object.fromEntries(problems.map(([field, problem]) => [field, [`${field} ${TEXT_PROBLEM_MESSAGES[problem]}`]])));
      }
    }
    return super.transform(value, metadata);
  }

  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const errors = await super.validate(object, validatorOptions);
    return [...errors, ...nestedShapeErrors(object)];
  }
}

/**
 * DTOs are validated at the edge: unknown fields are refused, strings become numbers where the
 * DTO says so, text must be storable, nested lists hold objects, and a 400 names every offending field.
 */
export function createValidationPipe(): ValidationPipe {
  return new EdgeValidationPipe({
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
