from enum import Enum

from pydantic import BaseModel, Field


class OrderStatus(str, Enum):
    NEW = "new"
    PAID = "paid"
    SHIPPED = "shipped"


class OrderLine(BaseModel):
    item_id: int
    quantity: int = Field(ge=1, le=99)


class OrderCreate(BaseModel):
    lines: list[OrderLine] = Field(min_length=1)
    coupon: str | None = None


class Order(OrderCreate):
    id: int
    status: OrderStatus
