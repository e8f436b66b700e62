import { createHash } from "node:crypto";
import {
  Injectable,
  NotFoundException,
  UnauthorizedException,
  UnprocessableEntityException,
} from "@nestjs/common";
import { JwtService } from "@nestjs/jwt";
import type { CreateUserDto } from "./dto/create-user.dto";
import type { LoginUserDto } from "./dto/login-user.dto";
import type { UpdateUserDto } from "./dto/update-user.dto";
import type { UserRO } from "./user.interface";

interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  bio: string;
  image?: string;
}

const hash = (password: string) => createHash("sha256").update(password).digest("hex");

@Injectable()
export class UserService {
  private readonly users = new Map<number, UserRecord>();

  constructor(private readonly jwt: JwtService) {}

  async create(dto: CreateUserDto): Promise<UserRO> {
    const taken = [...this.users.values()].some((u) => u.email === dto.email || u.username === dto.username);
    if (taken) throw new UnprocessableEntityException({ errors: { username: ["has already been taken"] } });
    const record: UserRecord = { id: this.users.size + 1, ...dto, passwordHash: hash(dto.password), bio: "" };
    this.users.set(record.id, record);
    return this.view(record);
  }

  async login(dto: LoginUserDto): Promise<UserRO> {
    const found = [...this.users.values()].find((u) => u.email === dto.email);
    if (!found || found.passwordHash !== hash(dto.password)) throw new UnauthorizedException();
    return this.view(found);
  }

  async findById(id: number): Promise<UserRO> {
    return this.view(this.record(id));
  }

  async update(id: number, dto: UpdateUserDto): Promise<UserRO> {
    const record = this.record(id);
    const { password, ...rest } = dto;
    Object.assign(record, rest, password ? { passwordHash: hash(password) } : {});
    return this.view(record);
  }

  findByUsername(username: string): UserRecord {
    const found = [...this.users.values()].find((u) => u.username === username);
    if (!found) throw new NotFoundException("profile not found");
    return found;
  }

  private record(id: number): UserRecord {
    const found = this.users.get(id);
    if (!found) throw new NotFoundException("user not found");
    return found;
  }

  private view(u: UserRecord): UserRO {
    const token = this.jwt.sign({ id: u.id, username: u.username });
    return { user: { username: u.username, email: u.email, token, bio: u.bio, image: u.image } };
  }
}
