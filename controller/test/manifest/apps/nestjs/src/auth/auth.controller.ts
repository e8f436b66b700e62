import { Body, Controller, HttpCode, Post } from "@nestjs/common";
import { IsEmail, IsString, MinLength } from "class-validator";

export class LoginDto {
  @IsEmail()
  email: string;

  @IsString()
  @MinLength(8)
  password: string;
}

export interface TokenResponse {
  token: string;
  expiresIn: number;
}

@Controller({ path: "auth", version: "2" })
export class AuthController {
  @Post("login")
  @HttpCode(200)
  login(@Body() body: LoginDto): TokenResponse {
    return { token: body.email, expiresIn: 3600 };
  }
}
