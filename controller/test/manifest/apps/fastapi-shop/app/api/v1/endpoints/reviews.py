from fastapi import APIRouter

from app.schemas.item import Review

router = APIRouter()


@router.api_route("/{review_id}", methods=["GET", "HEAD"], response_model=Review)
async def get_review(review_id: int):
    return None
