import { PartialType } from "@nestjs/mapped-types";
import { IsOptional, IsString, IsUrl, MaxLength } from "class-validator";
import { CreateUserDto } from "./create-user.dto";

export class UpdateUserDto extends PartialType(CreateUserDto) {
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  readonly bio?: string;

  @IsOptional()
  @IsUrl()
  readonly image?: string;
}
