from fastapi import APIRouter, Body

from app.schemas.order import Order, OrderCreate, OrderStatus

router = APIRouter()


@router.get("", response_model=list[Order])
async def list_orders(status: OrderStatus | None = None, page: int = 1):
    return []


@router.post("", response_model=Order, status_code=201)
async def place_order(order: OrderCreate):
    return order


@router.patch("/{order_id}/status", response_model=Order)
async def change_status(order_id: int, status: OrderStatus = Body(..., embed=True)):
    return None
