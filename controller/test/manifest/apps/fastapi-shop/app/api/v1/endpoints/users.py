from typing import Optional

from fastapi import APIRouter, Depends, Header, Query

from app.api.deps import get_current_user
from app.schemas.user import Message, UserCreate, UserOut, UserUpdate

router = APIRouter()


@router.get("/", response_model=list[UserOut])
async def list_users(
    skip: int = 0,
    limit: int = Query(20, ge=1, le=100),
    x_request_id: Optional[str] = Header(None),
):
    return []


@router.post("/", response_model=UserOut, status_code=201)
async def create_user(user: UserCreate):
    return user


@router.get("/me")
async def read_me(current_user: dict = Depends(get_current_user)) -> UserOut:
    return current_user


@router.get("/{user_id}", response_model=UserOut, responses={404: {"model": Message}})
async def get_user(user_id: int):
    return None


@router.put("/{user_id}", response_model=UserOut, dependencies=[Depends(get_current_user)])
async def update_user(user_id: int, body: UserUpdate):
    return body


@router.delete("/{user_id}", status_code=204)
async def delete_user(user_id: int, current_user: dict = Depends(get_current_user)):
    return None
