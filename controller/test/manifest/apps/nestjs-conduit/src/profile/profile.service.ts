import { Injectable } from "@nestjs/common";
import { UserService } from "../user/user.service";
import type { ProfileData, ProfileRO } from "./profile.interface";

@Injectable()
export class ProfileService {
  // follower id → usernames followed
  private readonly follows = new Map<number, Set<string>>();

  constructor(private readonly users: UserService) {}

  async findProfile(viewerId: number | undefined, username: string): Promise<ProfileRO> {
    return { profile: this.profileOf(viewerId, username) };
  }

  async follow(followerId: number, username: string): Promise<ProfileRO> {
    this.users.findByUsername(username);
    const followed = this.follows.get(followerId) ?? new Set<string>();
    followed.add(username);
    this.follows.set(followerId, followed);
    return { profile: this.profileOf(followerId, username) };
  }

  async unFollow(followerId: number, username: string): Promise<ProfileRO> {
    this.follows.get(followerId)?.delete(username);
    return { profile: this.profileOf(followerId, username) };
  }

  profileOf(viewerId: number | undefined, username: string): ProfileData {
    const user = this.users.findByUsername(username);
    const following = viewerId !== undefined && (this.follows.get(viewerId)?.has(username) ?? false);
    return { username: user.username, bio: user.bio, image: user.image, following };
  }
}
