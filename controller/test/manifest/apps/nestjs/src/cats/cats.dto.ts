import { PartialType } from "@nestjs/mapped-types";
import { IsEmail, IsEnum, IsInt, IsOptional, IsString, Length, Min } from "class-validator";
import { Breed } from "./cat.entity";

export class CreateCatDto {
  @IsString()
  @Length(1, 50)
  name: string;

  @IsInt()
  @Min(0)
  age: number;

  @IsEnum(Breed)
  breed: Breed;

  @IsOptional()
  @IsEmail()
  ownerEmail?: string;
}

export class UpdateCatDto extends PartialType(CreateCatDto) {}
