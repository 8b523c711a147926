import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { WebUrlField } from './community.fields.js';
import { TextField, readableField } from '../../common/dto-fields.js';
import { fieldErrors } from '../../common/validation.js';

class CarBody {
  @TextField(40)
  carClass!: string;

  @WebUrlField()
  affiliateUrl!: string;
}

describe('the shared DTO fields, with community’s web address field', () => {
  it('name a field in words a person reads', () => {
    expect(readableField('carClass')).toBe('Car class');
    expect(readableField('affiliateUrl')).toBe('Affiliate URL');
    expect(readableField('name')).toBe('Name');
  });

  it('say what is wrong with the field’s readable name, never its internal one', async () => {
    const errors = fieldErrors(await validate(plainToInstance(CarBody, { carClass: '  ', affiliateUrl: 'not a link' })));
    expect(errors).toEqual({
      carClass: ['Car class must not be empty'],
      affiliateUrl: ['Affiliate URL must be a web address starting with https:// or http://'],
    });
  });
});
