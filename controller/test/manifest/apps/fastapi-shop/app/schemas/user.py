from datetime import datetime
from enum import Enum
from typing import Optional

from pydantic import BaseModel, EmailStr, Field


class Role(str, Enum):
    ADMIN = "admin"
    MEMBER = "member"


class UserBase(BaseModel):
    email: EmailStr
    full_name: str = Field(..., min_length=1, max_length=100)


class UserCreate(UserBase):
    password: str = Field(min_length=8)
    role: Role = Role.MEMBER


class UserUpdate(BaseModel):
    full_name: Optional[str] = Field(None, max_length=100)
    role: Optional[Role] = None


class UserOut(UserBase):
    id: int
    role: Role
    created_at: datetime


class Message(BaseModel):
    detail: str
