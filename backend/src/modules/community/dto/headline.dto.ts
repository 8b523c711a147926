import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';

export class HeadlineBody {
  @ApiProperty({ maxLength: 200, example: 'Rivals are live: set your time on this week’s track!' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty({ message: 'text must not be empty' })
  @MaxLength(200)
  text!: string;
}

export class HeadlineIdParam {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  id!: number;
}
