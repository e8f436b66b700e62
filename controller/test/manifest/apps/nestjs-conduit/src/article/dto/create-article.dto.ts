import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from "class-validator";

export class CreateArticleDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  readonly title: string;

  @IsString()
  @MaxLength(255)
  readonly description: string;

  @IsString()
  @IsNotEmpty()
  readonly body: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(10)
  readonly tagList?: string[];
}
