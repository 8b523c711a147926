/**
 * Reads a parsed JSON result file field by field, so that a missing or mistyped field fails the whole
 * import with its path ("ACC result file: sessionResult.leaderBoardLines[2].timing.lapCount is missing")
 * instead of turning into a half-filled line.
 */
import { ResultFileError } from './classification.js';

export class JsonReader {
  constructor(
    private readonly label: string,
    readonly value: unknown,
    readonly path = '',
  ) {}

  get present(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  /** The field `key` of this object (own properties only); absent when this is not an object. */
  at(key: string): JsonReader {
    const value = isRecord(this.value) && Object.hasOwn(this.value, key) ? this.value[key] : undefined;
    return new JsonReader(this.label, value, this.path ? `${this.path}.${key}` : key);
  }

  object(): this {
    if (!this.present) throw this.error('is missing');
    if (!isRecord(this.value)) throw this.error('is not an object');
    return this;
  }

  list(): JsonReader[] {
    if (!this.present) throw this.error('is missing');
    if (!Array.isArray(this.value)) throw this.error('is not a list');
    return this.value.map((item: unknown, index) => new JsonReader(this.label, item, `${this.path}[${index}]`));
  }

  /** A list that may be absent or null (servers write `null` for an empty one). */
  optionalList(): JsonReader[] {
    return this.present ? this.list() : [];
  }

  number(): number {
    if (!this.present) throw this.error('is missing');
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) throw this.error('is not a number');
    return this.value;
  }

  optionalNumber(): number | null {
    return this.present ? this.number() : null;
  }

  string(): string {
    if (!this.present) throw this.error('is missing');
    if (typeof this.value !== 'string') throw this.error('is not text');
    return this.value;
  }

  optionalString(): string | null {
    return this.present ? this.string() : null;
  }

  error(problem: string): ResultFileError {
    return new ResultFileError(`${this.label}: ${this.path || 'the file'} ${problem}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
