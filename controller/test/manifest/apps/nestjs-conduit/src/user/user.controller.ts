import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, UseGuards } from "@nestjs/common";
import { AuthGuard } from "../auth/auth.guard";
import { CurrentUser } from "../auth/current-user.decorator";
import { CreateUserDto } from "./dto/create-user.dto";
import { LoginUserDto } from "./dto/login-user.dto";
import { UpdateUserDto } from "./dto/update-user.dto";
import type { UserRO } from "./user.interface";
import { UserService } from "./user.service";

// RealWorld registers under /users and serves the signed-in user at /user: no common prefix.
// Bodies are wrapped: { "user": { ... } }.
@Controller()
export class UserController {
  constructor(private readonly userService: UserService) {}

  @Post("users/login")
  @HttpCode(HttpStatus.OK)
  login(@Body("user") credentials: LoginUserDto): Promise<UserRO> {
    return this.userService.login(credentials);
  }

  @Post("users")
  register(@Body("user") user: CreateUserDto): Promise<UserRO> {
    return this.userService.create(user);
  }

  @Get("user")
  @UseGuards(AuthGuard)
  current(@CurrentUser("id") userId: number): Promise<UserRO> {
    return this.userService.findById(userId);
  }

  @Put("user")
  @UseGuards(AuthGuard)
  update(@CurrentUser("id") userId: number, @Body("user") changes: UpdateUserDto): Promise<UserRO> {
    return this.userService.update(userId, changes);
  }
}
