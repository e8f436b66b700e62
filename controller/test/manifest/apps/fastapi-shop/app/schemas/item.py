from typing import Annotated, List, Optional

from pydantic import BaseModel, Field


class ItemCreate(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    price: float = Field(gt=0)
    stock: Annotated[int, Field(ge=0)] = 0
    tags: List[str] = []
    description: Optional[str] = None


class Item(ItemCreate):
    id: int


class Variant(BaseModel):
    sku: str = Field(pattern=r"^[A-Z0-9-]+$")
    color: str


class Review(BaseModel):
    id: int
    rating: int = Field(ge=1, le=5)
    text: str
