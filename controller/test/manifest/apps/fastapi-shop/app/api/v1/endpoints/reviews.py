from fastapi import APIRouter, Depends

from app.api.deps import get_current_user
from app.schemas.item import Review

# Every review route needs a signed-in user.
router = APIRouter(dependencies=[Depends(get_current_user)])


@router.api_route("/{review_id}", methods=["GET", "HEAD"], response_model=Review)
async def get_review(review_id: int):
    return None
