import { Controller, Delete, Get, Param, Post, UseGuards } from "@nestjs/common";
import { AuthGuard } from "../auth/auth.guard";
import { CurrentUser } from "../auth/current-user.decorator";
import type { ProfileRO } from "./profile.interface";
import { ProfileService } from "./profile.service";

@Controller({ path: "profiles" })
export class ProfileController {
  constructor(private readonly profileService: ProfileService) {}

  // Anyone may look; a signed-in viewer also learns whether they follow this user.
  @Get(":username")
  getProfile(
    @CurrentUser("id") viewerId: number | undefined,
    @Param("username") username: string,
  ): Promise<ProfileRO> {
    return this.profileService.findProfile(viewerId, username);
  }

  @Post(":username/follow")
  @UseGuards(AuthGuard)
  follow(@CurrentUser("id") userId: number, @Param("username") username: string): Promise<ProfileRO> {
    return this.profileService.follow(userId, username);
  }

  @Delete(":username/follow")
  @UseGuards(AuthGuard)
  unFollow(@CurrentUser("id") userId: number, @Param("username") username: string): Promise<ProfileRO> {
    return this.profileService.unFollow(userId, username);
  }
}
