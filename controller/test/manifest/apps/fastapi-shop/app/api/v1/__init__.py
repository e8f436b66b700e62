from fastapi import APIRouter

from app.api.v1.endpoints import items, orders, reviews, users

api_router = APIRouter()
api_router.include_router(users.router, prefix="/users", tags=["users"])
api_router.include_router(items.router)

# Mounted in a loop, each with its own prefix.
for sub_router, sub_prefix in ((orders.router, "/orders"), (reviews.router, "/reviews")):
    api_router.include_router(sub_router, prefix=sub_prefix)
