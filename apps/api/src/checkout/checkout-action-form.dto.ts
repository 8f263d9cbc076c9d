import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** The form-encoded envelope of every checkout data call (spec 2 §7). */
export class CheckoutActionForm {
  @ApiProperty({ example: 'PREREGISTER_EMAIL' })
  @IsString()
  @MaxLength(64)
  action!: string;

  @ApiPropertyOptional({ description: 'Echoed back so the browser can ignore superseded answers', example: '1795374018387' })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9A-Za-z:.+-]{1,40}$/, { message: 'timestamp is not a timestamp' })
  timestamp?: string;

  @ApiPropertyOptional({ description: 'The action payload as JSON text', example: '{"email":"ada@example.com"}' })
  @IsOptional()
  @IsString()
  body?: string;
}

